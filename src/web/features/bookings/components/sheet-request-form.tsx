import { useId, useState, type FormEvent } from 'react';
import { LogIn } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BOOKING_MESSAGES } from '@/domain/booking-form';
import type { ListingCard } from '@/domain/contracts/listing';
import type { IsoDate } from '@/domain/dates';
import type { StaySize } from '@/domain/pet-sizes';
import { Button } from '@/web/components/ui/button';
import { useSession, useSignIn } from '@/web/features/auth';
import type { DateRangeValue } from '@/web/lib/date-range';
import { toast } from '@/web/lib/toast';
import { inPageLanguage } from '@/web/i18n/known-words';
import { verbatim } from '@/web/i18n/verbatim';
import { useRequestStay } from '../api';
import { RequestButton, requestRefusal, StayDatesField, StayNoteField, StaySizeField } from './request-fields';

/** SPEC.md section 8. */
export const SHEET_BOOKING_SENT = msg`Booking request sent successfully!`;
export const SHEET_BOOKING_FAILED = msg`Failed to create booking request`;

/** The search's dates and single pet size, to start the form from. */
export type SheetRequestInitial = { from?: IsoDate; to?: IsoDate; size?: StaySize };

/** The search sheet's Request to Book (SPEC.md section 2): dates and a pet size, SPEC.md section 7's payload. */
export function SheetRequestForm({ listing, initial, onBooked }: { listing: ListingCard; initial: SheetRequestInitial; onBooked: () => void }) {
  const { user, isLoading } = useSession();
  const signIn = useSignIn();
  const booking = useRequestStay();
  const { t, i18n } = useLingui();
  const ids = { heading: useId() };
  const empty = { dates: { from: initial.from, to: initial.to } as DateRangeValue, size: (initial.size ?? '') as StaySize | '', note: '' };
  const [dates, setDates] = useState<DateRangeValue>(empty.dates);
  const [size, setSize] = useState<StaySize | ''>(empty.size);
  const [note, setNote] = useState('');

  if (!isLoading && !user) {
    return (
      <section aria-labelledby={ids.heading} className="mt-6 rounded-2xl border border-stone-200 p-5">
        <h3 id={ids.heading} className="font-semibold text-stone-900">
          <Trans>Request to Book</Trans>
        </h3>
        <p className="mt-1 text-sm text-stone-600">
          <SignInToRequest hostName={listing.host?.name?.trim()} />
        </p>
        <Button className="mt-4 w-full" onClick={signIn.open}>
          <LogIn aria-hidden="true" />
          <Trans>Sign in to request</Trans>
        </Button>
      </section>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!dates.from || !dates.to || !size) {
      toast.error(inPageLanguage(i18n, BOOKING_MESSAGES.missing));
      return;
    }
    booking.mutate(
      { listingId: listing.id, fromDate: dates.from, toDate: dates.to, size, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(i18n._(SHEET_BOOKING_SENT));
          setDates({});
          setSize('');
          setNote('');
          onBooked();
        },
        onError: (err) => toast.error(i18n._(SHEET_BOOKING_FAILED), { description: requestRefusal(err) }),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby={ids.heading} noValidate className="mt-6 flex flex-col gap-4 rounded-2xl border border-stone-200 p-5">
      <h3 id={ids.heading} className="font-semibold text-stone-900">
        <Trans>Request to Book</Trans>
      </h3>
      <StayDatesField value={dates} onChange={setDates} />
      <StaySizeField value={size} onChange={setSize} />
      <StayNoteField value={note} onChange={setNote} label={<Trans>Note for the host (optional)</Trans>} placeholder={t`Anything the host should know about your pet`} />
      <RequestButton pending={booking.isPending} needs="toasts" />
    </form>
  );
}

/** "Sign in to send a booking request to Meera." (the host's name as written), or "to the host". */
function SignInToRequest({ hostName }: { hostName: string | undefined }) {
  if (!hostName) return <Trans>Sign in to send a booking request to the host.</Trans>;
  const host = verbatim(hostName);
  return <Trans>Sign in to send a booking request to {host}.</Trans>;
}
