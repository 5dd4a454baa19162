import { useQuery } from '@tanstack/react-query';
import { listWords } from '@/domain/words';
import { ArrowLeft, Camera, CalendarDays, ClipboardList, DoorOpen, Home, ImagePlus, Loader2, PawPrint } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { Link, useParams } from 'react-router';
import type { StayView } from '@/domain/contracts/stay';
import { BOOKING_STATUS_LABELS } from '@/domain/bookings';
import { formatDateRange, formatInstantInIndia } from '@/domain/dates';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { SignedInPage } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ApiError } from '@/web/lib/api';
import { MessageButton } from '@/web/features/messages';
import { toast } from '@/web/lib/toast';
import { failure, stayQuery, useCheckIn, useCheckOut } from './api';
import { CareSheetForm } from './components/care-sheet-form';
import { CareSheetView } from './components/care-sheet-view';
import { StayProblems } from './components/stay-problems';
import { StayTimeline } from './components/stay-timeline';
import { UpdateForm } from './components/update-form';
import { stageWords } from './stage-words';

// A paid booking as a stay (PRODUCT.md section 10, issue 37), for its guest and its host alike:
// where it is, each pet's care sheet (the guest writes, the host reads), and the host's
// "Bruno has arrived" and "Bruno has gone home".

const verb = (pets: unknown[], one: string, many: string) => (pets.length > 1 ? many : one);

export function StayPage() {
  const { id = '' } = useParams();
  const stay = useQuery(stayQuery(id));
  if (stay.isPending) {
    return (
      <div className="container-page py-10 sm:py-14" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    );
  }
  if (stay.isError) {
    const missing = stay.error instanceof ApiError && (stay.error.status === 404 || stay.error.status === 400);
    return (
      <SignedInPage
        title={missing ? 'Stay not found' : 'This stay could not be loaded'}
        description={missing ? 'It may belong to another account, or the link may be mistyped.' : 'Please try again in a moment.'}
      >
        <Link className="mt-6 inline-block font-semibold text-primary-700 underline underline-offset-4" to="/dashboard">
          Go to your dashboard
        </Link>
      </SignedInPage>
    );
  }
  return <Stay stay={stay.data} />;
}

function Stay({ stay }: { stay: StayView }) {
  const names = listWords(stay.pets.map((p) => p.name)) || 'Your pet';
  const isHost = stay.viewer_role === 'host';
  const back = isHost ? { to: '/host?tab=requests', label: 'Booking requests' } : { to: '/dashboard', label: 'Your bookings' };
  return (
    <div className="container-page max-w-4xl py-8 sm:py-12">
      <title>{`${names}'s stay · PawStay`}</title>
      <meta name="robots" content="noindex" />
      <Link to={back.to} className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-700 underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {back.label}
      </Link>
      <header className="mt-4 flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{`${names}'s stay`}</h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-stone-700">
          <span className="inline-flex items-center gap-1.5">
            <Home className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
            {isHost ? `${stay.guest.name} at ${stay.listing.title}` : `${stay.listing.title}, ${stay.listing.locality}, with ${stay.host.name}`}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
            {formatDateRange(stay.start_date, stay.end_date)} · {stay.nights} {stay.nights === 1 ? 'night' : 'nights'}
          </span>
        </p>
        <MessageButton bookingId={stay.booking_id} label={isHost ? `Message ${stay.guest.name}` : `Message ${stay.host.name}`} className="self-start" />
      </header>

      <StageCard stay={stay} names={names} />

      <StayProblems stay={stay} />

      {(stay.updates.length > 0 || stay.can_post_update || stay.status === 'in_stay') && (
        <section aria-labelledby="updates" className="mt-10">
          <h2 id="updates" className="flex items-center gap-2 text-2xl font-bold text-stone-900">
            <Camera className="size-6 text-primary-700" aria-hidden="true" />
            Updates
          </h2>
          {stay.can_post_update && (
            <div className="mt-4">
              <UpdateForm stay={stay} />
            </div>
          )}
          <StayTimeline stay={stay} />
        </section>
      )}

      <section aria-labelledby="care-sheets" className="mt-10">
        <h2 id="care-sheets" className="flex items-center gap-2 text-2xl font-bold text-stone-900">
          <ClipboardList className="size-6 text-primary-700" aria-hidden="true" />
          {stay.pets.length > 1 ? 'Care sheets' : 'Care sheet'}
        </h2>
        <p className="mt-1 text-stone-600">
          {isHost
            ? `How ${stay.guest.name} asks you to look after ${names}. Only you and ${stay.guest.name} can read ${verb(stay.pets, 'it', 'them')}.`
            : `What your host needs to look after ${names}: shared only with ${stay.host.name}, until a week after the stay.`}
        </p>
        <div className="mt-5 flex flex-col gap-6">
          {stay.pets.map((pet) => (
            <PetCareSheet key={pet.id} stay={stay} pet={pet} />
          ))}
        </div>
      </section>
    </div>
  );
}

/** Where the stay is, and the host's two presses. */
function StageCard({ stay, names }: { stay: StayView; names: string }) {
  const checkIn = useCheckIn(stay.booking_id);
  const checkOut = useCheckOut(stay.booking_id);
  const [confirmOut, setConfirmOut] = useState(false);
  const [arrivalPhoto, setArrivalPhoto] = useState<File>();
  // The pressed button is gone once the stay moves on: focus goes to where the stay now is.
  const stageRef = useRef<HTMLParagraphElement>(null);
  const isHost = stay.viewer_role === 'host';
  const { i18n } = useLingui();
  const arrived = `${names} ${verb(stay.pets, 'has', 'have')} arrived`;
  const goneHome = `${names} ${verb(stay.pets, 'has', 'have')} gone home`;

  const pressCheckIn = async () => {
    try {
      const body = new FormData();
      if (arrivalPhoto) body.append('photo', arrivalPhoto);
      await checkIn.mutateAsync(body);
      setArrivalPhoto(undefined);
      toast.success(`Checked in. ${stay.guest.name} has been told.`);
      stageRef.current?.focus();
    } catch (err) {
      toast.error(failure(err, 'Check-in failed. Please try again.'));
    }
  };
  const pressCheckOut = async () => {
    setConfirmOut(false);
    try {
      await checkOut.mutateAsync(undefined);
      toast.success(`Checked out. ${stay.guest.name} has been told.`);
      stageRef.current?.focus();
    } catch (err) {
      toast.error(failure(err, 'Check-out failed. Please try again.'));
    }
  };

  return (
    <section aria-label="Where the stay is" className="mt-6 surface-card flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div>
        <p className="text-sm font-semibold text-stone-600">{BOOKING_STATUS_LABELS[stay.status]}</p>
        <p ref={stageRef} tabIndex={-1} className="text-xl font-bold text-stone-900 focus:outline-none" data-testid="stay-stage">
          {stay.stage ? stageWords(stay.stage, i18n) : (stay.status === 'requested' || stay.status === 'awaiting_payment' ? 'Not paid yet' : BOOKING_STATUS_LABELS[stay.status])}
        </p>
        {stay.checked_in_at && <p className="mt-1 text-sm text-stone-600">Arrived {formatInstantInIndia(stay.checked_in_at)}</p>}
        {stay.checked_out_at && <p className="text-sm text-stone-600">Went home {formatInstantInIndia(stay.checked_out_at)}</p>}
        {stay.home_confirmed_at && (
          <p className="text-sm text-stone-600" data-testid="all-well">
            {isHost ? `${stay.guest.name} said all is well` : 'You said all is well'}, {formatInstantInIndia(stay.home_confirmed_at)}
          </p>
        )}
        {isHost && stay.check_in_problem && stay.status === 'confirmed' && (
          <p id={`check-in-problem-${stay.booking_id}`} className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="check-in-problem">
            {stay.check_in_problem}
          </p>
        )}
      </div>
      {isHost && stay.status === 'confirmed' && (
        <div className="flex flex-col items-stretch gap-2 sm:items-end">
          {stay.can_check_in && (
            <label className="inline-flex cursor-pointer items-center gap-2 self-start text-sm font-semibold text-primary-700 focus-within:outline-2 focus-within:outline-primary-600 sm:self-end">
              <ImagePlus className="size-4" aria-hidden="true" />
              {arrivalPhoto ? `Photo: ${arrivalPhoto.name}` : 'Add a photo of the arrival (optional)'}
              <input type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={(e) => setArrivalPhoto(e.target.files?.[0])} />
            </label>
          )}
          {arrivalPhoto && (
            <Button variant="link" size="sm" className="self-start text-sm sm:self-end" onClick={() => setArrivalPhoto(undefined)}>
              Remove the photo
            </Button>
          )}
          <Button
            size="lg"
            onClick={() => void pressCheckIn()}
            disabled={!stay.can_check_in || checkIn.isPending}
            aria-describedby={stay.check_in_problem ? `check-in-problem-${stay.booking_id}` : undefined}
          >
            {checkIn.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <PawPrint aria-hidden="true" />}
            {arrived}
          </Button>
        </div>
      )}
      {isHost && stay.can_check_out && (
        <>
          <Button size="lg" variant="outline" onClick={() => setConfirmOut(true)} disabled={checkOut.isPending}>
            {checkOut.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <DoorOpen aria-hidden="true" />}
            {goneHome}
          </Button>
          <ConfirmDialog
            open={confirmOut}
            onOpenChange={setConfirmOut}
            title={`Has ${names} gone home?`}
            description={`This completes the stay and tells ${stay.guest.name}.`}
            cancelLabel="Not yet"
            confirmLabel={goneHome}
            onConfirm={() => void pressCheckOut()}
          />
        </>
      )}
    </section>
  );
}

function PetCareSheet({ stay, pet }: { stay: StayView; pet: StayView['pets'][number] }) {
  const [editing, setEditing] = useState(pet.care_sheet === null);
  const isGuest = stay.viewer_role === 'guest';
  const headingId = `sheet-${pet.id}`;
  let body;
  if (isGuest && stay.can_edit_care_sheets && (editing || pet.care_sheet === null)) {
    body = (
      <CareSheetForm
        stayId={stay.booking_id}
        pet={pet}
        initial={pet.care_sheet ?? pet.draft!}
        onSaved={() => {
          setEditing(false);
          // The form is gone: focus goes to the sheet it saved.
          requestAnimationFrame(() => document.getElementById(headingId)?.focus());
        }}
      />
    );
  } else if (pet.care_sheet) {
    body = (
      <>
        <CareSheetView sheet={pet.care_sheet} />
        {isGuest && stay.can_edit_care_sheets && (
          <Button variant="outline" size="sm" className="mt-4" onClick={() => setEditing(true)}>
            Edit {pet.name}&apos;s care sheet
          </Button>
        )}
      </>
    );
  } else if (!stay.care_sheets_visible) {
    body = <p className="text-stone-600">{stay.status === 'requested' || stay.status === 'awaiting_payment' ? 'Care sheets are shared once the stay is paid.' : 'This care sheet is no longer shared.'}</p>;
  } else {
    const closed = stay.status === 'cancelled' || stay.status === 'declined' || stay.status === 'expired' || stay.status === 'lapsed' || stay.status === 'completed';
    const guestText = closed ? 'No care sheet was written for this stay.' : 'Care sheets can be written once the stay is paid.';
    body = <p className="text-stone-600">{isGuest ? guestText : `${stay.guest.name} has not filled in ${pet.name}'s care sheet yet.`}</p>;
  }
  return (
    <article aria-labelledby={headingId} className="surface-card p-5 sm:p-6" data-testid="care-sheet">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} tabIndex={-1} className="text-xl font-bold text-stone-900 focus:outline-none">{`${pet.name}'s care sheet`}</h3>
        {pet.care_sheet_updated_at && <p className="text-sm text-stone-600">Saved {formatInstantInIndia(pet.care_sheet_updated_at)}</p>}
      </div>
      {body}
    </article>
  );
}
