import { Camera, PawPrint } from 'lucide-react';
import type { StayUpdate, StayView } from '@/domain/contracts/stay';
import { formatInstantInIndia } from '@/domain/dates';
import { tickText } from '@/domain/stays/care-log';
import { StayPhotos } from './stay-photos';

// The stay's timeline (PRODUCT.md section 10), newest first, for its guest and its host: each
// update's words, care log and photos (private: the photos' URLs answer only these two).

function Update({ update, pets }: { update: StayUpdate; pets: StayView['pets'] }) {
  const when = formatInstantInIndia(update.created_at);
  const petName = (id: string) => pets.find((p) => p.id === id)?.name;
  return (
    <li className="surface-card p-5 sm:p-6" data-testid="stay-update">
      <p className="flex items-center gap-2 text-sm font-semibold text-stone-600">
        {update.kind === 'arrival' ? <PawPrint className="size-4 text-primary-700" aria-hidden="true" /> : <Camera className="size-4 text-primary-700" aria-hidden="true" />}
        <span>{update.kind === 'arrival' ? 'Arrived' : 'Update'}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={update.created_at}>{when}</time>
      </p>
      {update.note && <p className="mt-3 break-words whitespace-pre-line text-stone-900">{update.note}</p>}
      <StayPhotos photos={update.photos} alt={(i) => `Photo ${i + 1} of ${update.photos.length}, ${when}`} />
      {update.care_log.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Care log">
          {update.care_log.map((tick, i) => (
            <li key={i} className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-900">
              {pets.length > 1 && `${petName(tick.pet_id) ?? ''}: `}
              {tickText(tick)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function StayTimeline({ stay }: { stay: StayView }) {
  const isGuest = stay.viewer_role === 'guest';
  if (stay.updates.length === 0 && !stay.no_update_today) {
    return <p className="mt-4 text-stone-600">{isGuest ? 'Once your pet arrives, the host\'s updates appear here.' : 'Updates you post appear here, for you and the guest.'}</p>;
  }
  return (
    <>
      {stay.no_update_today && (
        <p className="mt-4 rounded-2xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900" data-testid="no-update-today">
          {isGuest ? 'No update yet today' : 'No update yet today. A photo and a few words mean a lot to the guest.'}
        </p>
      )}
      <ol className="mt-4 flex flex-col gap-4">
        {stay.updates.map((u) => (
          <Update key={u.id} update={u} pets={stay.pets} />
        ))}
      </ol>
    </>
  );
}
