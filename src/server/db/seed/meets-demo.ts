import { addDays, todayInIndia } from '../../../domain/dates';
import { requestBooking } from '../../modules/bookings';
import { type MeetDeps, proposeMeet } from '../../modules/meets';
import type { Plan } from './plan';

// Meet & greet in the demo (issue 37), made through the bookings' and meets' services as the
// guest would: a request to the demo host's home that meets new guests first, and the guest's
// proposal of two times to meet. The host's requests then show the times to confirm, and an
// accept that waits for the meet. Run after the demo's rows are committed.

export async function seedMeetDemo(deps: MeetDeps & { testMode: boolean }, demo: NonNullable<Plan['meetDemo']>): Promise<void> {
  const request = await requestBooking(deps, demo.guestId, {
    listingId: demo.listingId,
    fromDate: demo.from,
    toDate: addDays(demo.from, 3),
    note: `${demo.petName} has never stayed away from home. Could we meet first?`,
    petIds: [demo.petId],
  });
  const today = todayInIndia();
  await proposeMeet(deps, demo.guestId, request.id, {
    mode: 'home',
    times: [`${addDays(today, 2)}T11:00`, `${addDays(today, 3)}T18:30`],
    note: `${demo.petName} is shy for the first few minutes, then very friendly.`,
  });
}
