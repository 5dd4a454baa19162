import { CalendarClock, Cat, Dog, FileCheck2, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Pet } from '@/domain/contracts/pet';
import { formatDocumentDate, type IsoDate } from '@/domain/dates';
import { ageText, vaccineLabel, VACCINES } from '@/domain/pet-profile';
import { PET_SIZE_LABELS, STAY_SIZE_NAMES, staySizeOf } from '@/domain/pet-sizes';
import { CardPhoto } from '@/web/components/card-photo';
import { Button } from '@/web/components/ui/button';
import { VaccinationBadge } from './vaccination-state';

// One pet on /pets: its photo, what a host asks first (size, age, weight, spayed or neutered), its
// vaccinations, and Edit and Remove. A pet in a stay not yet over cannot be removed: the card says
// so, and until when, instead of offering a button that would be refused.

export const neuteredText = (neutered: boolean | null) => (neutered === null ? 'Not said' : neutered ? 'Yes' : 'No');

/** "Medium", or "Extra small · books as small" where the stay's band has another name. */
function sizeText(size: Pet['size']): string {
  const band = STAY_SIZE_NAMES[staySizeOf(size)];
  return PET_SIZE_LABELS[size] === band ? band : `${PET_SIZE_LABELS[size]} · books as ${band.toLowerCase()}`;
}

/** Why a pet cannot be removed yet (on its card and in its form), or null when it can. */
export function BookedNote({ pet }: { pet: Pet }) {
  if (!pet.upcoming_stay) return null;
  const { listing_title, start_date } = pet.upcoming_stay;
  return (
    <p className="flex items-start gap-2 rounded-xl bg-sand-50 px-3 py-2.5 text-sm text-stone-700 ring-1 ring-sand-200" data-testid="pet-booked">
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
      <span className="min-w-0 break-words">
        Booked for <strong className="font-semibold text-stone-900">{listing_title}</strong> from {formatDocumentDate(start_date)}: you can remove this
        profile once that stay is over.
      </span>
    </p>
  );
}

export function PetCard({ pet, today, onEdit, onRemove }: { pet: Pet; today: IsoDate; onEdit: () => void; onRemove: () => void }) {
  const Icon = pet.type === 'cat' ? Cat : Dog;
  const booked = Boolean(pet.upcoming_stay);
  return (
    <article
      data-testid="pet-card"
      aria-labelledby={`pet-${pet.id}`}
      className="flex h-full flex-col overflow-hidden surface-card"
    >
      <div className="relative aspect-[3/2] bg-sand-100">
        {pet.photo_url ? (
          <CardPhoto
            url={pet.photo_url}
            sizes="(min-width: 1280px) 384px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
            alt={`Photo of ${pet.name}`}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-primary-50 via-sand-50 to-sand-200" data-testid="pet-photo-placeholder">
            <span className="flex size-20 items-center justify-center rounded-full bg-white/80 text-primary-700 shadow-sm ring-1 ring-primary-100">
              <Icon className="size-10" strokeWidth={1.5} aria-hidden="true" />
            </span>
            <Button variant="link" size="sm" onClick={onEdit} className="text-sm">
              Add a photo<span className="sr-only"> of {pet.name}</span>
            </Button>
          </div>
        )}
      </div>

      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <h2 id={`pet-${pet.id}`} className="truncate text-xl font-bold text-stone-900">
          {pet.name}
        </h2>
        <p className="mt-0.5 flex items-center gap-1.5 text-stone-600">
          <Icon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {pet.type === 'cat' ? 'Cat' : 'Dog'}
            {pet.breed && ` · ${pet.breed}`}
          </span>
        </p>

        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-[0.9375rem]">
          <Fact term="Size">{sizeText(pet.size)}</Fact>
          <Fact term="Age">{pet.birth_date ? ageText(pet.birth_date, today) : <Unknown>Not given</Unknown>}</Fact>
          <Fact term="Weight">{pet.weight_kg === null ? <Unknown>Not given</Unknown> : `${pet.weight_kg} kg`}</Fact>
          <Fact term="Spayed/neutered">{pet.neutered === null ? <Unknown>Not said</Unknown> : neuteredText(pet.neutered)}</Fact>
        </dl>

        <h3 className="mt-5 text-sm text-stone-600">Vaccinations</h3>
        <ul className="mt-2 flex flex-col gap-2">
          {VACCINES.map((vaccine) => {
            const given = pet.vaccinations[vaccine];
            const label = vaccineLabel(vaccine, pet.type);
            return (
              <li key={vaccine} className="grid grid-cols-[4rem_minmax(0,1fr)] items-start gap-x-2" data-testid={`vaccination-${vaccine}`}>
                <span className="font-semibold text-stone-900">{label}</span>
                <span className="flex flex-wrap items-center gap-x-2.5 gap-y-1 pt-px">
                  <VaccinationBadge givenOn={given?.given_on ?? null} today={today} />
                  {given?.has_certificate && (
                    <span className="inline-flex items-center gap-1 text-xs font-medium text-stone-600">
                      <FileCheck2 className="size-3.5" aria-hidden="true" />
                      Certificate
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>

        {(pet.temperament || pet.notes) && (
          <div className="mt-5 flex flex-col gap-1.5 border-t border-stone-100 pt-4 text-sm text-stone-700">
            {pet.temperament && <p className="line-clamp-2 break-words">{pet.temperament}</p>}
            {pet.notes && <p className="line-clamp-3 break-words text-stone-600">{pet.notes}</p>}
          </div>
        )}

        <div className="mt-auto pt-5">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${pet.name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            {!booked && (
              <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${pet.name}`}>
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            )}
          </div>
          {booked && (
            <div className="mt-3">
              <BookedNote pet={pet} />
            </div>
          )}
        </div>
      </div>
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="break-words font-medium text-stone-900">{children}</dd>
    </div>
  );
}

function Unknown({ children }: { children: ReactNode }) {
  return <span className="font-normal text-stone-500">{children}</span>;
}
