import { useId, useState, type FormEvent } from 'react';
import { Loader2, LogIn } from 'lucide-react';
import { BOOKING_MESSAGES, BOOKING_NOTE_MAX } from '@/domain/booking-form';
import type { IsoDate } from '@/domain/dates';
import type { ListingCard } from '@/domain/contracts/listing';
import { STAY_SIZE_LABELS, STAY_SIZES, type StaySize } from '@/domain/pet-sizes';
import { DateRangePicker } from '@/web/components/date-range-picker';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Select } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { useSession, useSignIn } from '@/web/features/auth';
import { ApiError } from '@/web/lib/api';
import type { DateRangeValue } from '@/web/lib/date-range';
import { toast } from '@/web/lib/toast';
import { useRequestStay } from '../api';

/** SPEC.md section 8. */
export const SHEET_BOOKING_SENT = 'Booking request sent successfully!';
export const SHEET_BOOKING_FAILED = 'Failed to create booking request';

/** The search's dates and single pet size, to start the form from. */
export type SheetRequestInitial = { from?: IsoDate; to?: IsoDate; size?: StaySize };

function failureDetail(err: unknown): string | undefined {
  // The server's own words when it refused the request for a reason the guest can act on.
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.code !== 'http_error' ? err.message : undefined;
}

/** The search sheet's Request to Book (SPEC.md section 2): dates and a pet size, SPEC.md section 7's payload. */
export function SheetRequestForm({ listing, initial, onBooked }: { listing: ListingCard; initial: SheetRequestInitial; onBooked: () => void }) {
  const { user, isLoading } = useSession();
  const signIn = useSignIn();
  const booking = useRequestStay();
  const ids = { dates: useId(), size: useId(), note: useId(), heading: useId() };
  const empty = { dates: { from: initial.from, to: initial.to } as DateRangeValue, size: (initial.size ?? '') as StaySize | '', note: '' };
  const [dates, setDates] = useState<DateRangeValue>(empty.dates);
  const [size, setSize] = useState<StaySize | ''>(empty.size);
  const [note, setNote] = useState('');

  if (!isLoading && !user) {
    return (
      <section aria-labelledby={ids.heading} className="mt-6 rounded-2xl border border-stone-200 p-5">
        <h3 id={ids.heading} className="font-semibold text-stone-900">
          Request to Book
        </h3>
        <p className="mt-1 text-sm text-stone-600">Sign in to send a booking request to {listing.host?.name?.trim() || 'the host'}.</p>
        <Button className="mt-4 w-full" onClick={signIn.open}>
          <LogIn aria-hidden="true" />
          Sign in to request
        </Button>
      </section>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!dates.from || !dates.to || !size) {
      toast.error(BOOKING_MESSAGES.missing);
      return;
    }
    booking.mutate(
      { listingId: listing.id, fromDate: dates.from, toDate: dates.to, size, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(SHEET_BOOKING_SENT);
          setDates({});
          setSize('');
          setNote('');
          onBooked();
        },
        onError: (err) => toast.error(SHEET_BOOKING_FAILED, { description: failureDetail(err) }),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby={ids.heading} noValidate className="mt-6 flex flex-col gap-4 rounded-2xl border border-stone-200 p-5">
      <h3 id={ids.heading} className="font-semibold text-stone-900">
        Request to Book
      </h3>
      <div className="flex flex-col gap-1.5">
        <Label id={ids.dates} asChild>
          <span>Dates</span>
        </Label>
        <DateRangePicker aria-labelledby={ids.dates} value={dates} onChange={setDates} placeholder="Check-in - Check-out" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.size}>Pet size</Label>
        <Select id={ids.size} value={size} onChange={(e) => setSize(e.target.value as StaySize | '')}>
          <option value="">Select pet size</option>
          {STAY_SIZES.map((s) => (
            <option key={s} value={s}>
              {STAY_SIZE_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.note}>Note for the host (optional)</Label>
        <Textarea id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} maxLength={BOOKING_NOTE_MAX} rows={3} placeholder="Anything the host should know about your pet" />
      </div>
      <Button type="submit" size="lg" disabled={booking.isPending}>
        {booking.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {booking.isPending ? 'Submitting...' : 'Request to Book'}
      </Button>
      <p className="text-center text-xs text-stone-600">You won't pay anything yet. The host answers within 24 hours.</p>
    </form>
  );
}
