import type { StayView } from '../../../domain/contracts/stay';
import { type IsoDate, todayInIndia } from '../../../domain/dates';
import { ARRIVAL_MESSAGES, type ArrivalAnswer, confirmHomeProblem, lateArrivalResolution, missedArrivalText } from '../../../domain/stays/arrival';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import { queueMail } from '../../mail/outbox';
import { missedArrivalMail } from '../../mail/stays';
import { lockBookingForUpdate, markHomeConfirmed } from '../bookings';
import { insertNoShow, lockMissedArrivals, resolveNoShowByCheckIn, selectStayOfMember, setArrivalAnswer } from './queries';

// The ends of a stay the host's presses leave open (domain/stays/arrival.ts). A paid stay not
// checked in by the end of its check-in day gets a no-show incident from the lifecycle job: both
// sides are asked what happened, an operator decides (the incident holds the host's payout, as any
// open problem does), and the host's late "Bruno has arrived" settles it. After the check-out, the
// guest says all is well, or reports a problem (incidents.ts).

/** How many stays one run asks about, so that one run's transaction stays short. */
const ASK_PER_RUN = 100;

/**
 * The lifecycle job's step: every paid stay whose check-in day ended without a check-in gets its
 * no-show, and both sides are asked, once per stay across processes. Answers how many were asked.
 */
export async function askAboutMissedArrivals(db: Db, publicUrl: string, today: IsoDate = todayInIndia()): Promise<number> {
  return db.transaction(async (tx) => {
    let asked = 0;
    for (const stay of await lockMissedArrivals(tx, today, ASK_PER_RUN)) {
      const pets = stay.pets.map((p) => p.name);
      if (!(await insertNoShow(tx, stay.id, missedArrivalText(pets, stay.start_date)))) continue;
      const about = { guestName: stay.guest_name, stay, publicUrl };
      await queueMail(tx, missedArrivalMail({ ...about, to: stay.host_email, toHost: true }), `booking ${stay.id}`);
      await queueMail(tx, missedArrivalMail({ ...about, to: stay.guest_email, toHost: false }), `booking ${stay.id}`);
      asked += 1;
    }
    return asked;
  });
}

/** Within the check-in's transaction: a late arrival settles the stay's no-show, if it has one open. */
export const settleNoShowByCheckIn = (tx: Db, bookingId: string, pets: readonly string[]) =>
  resolveNoShowByCheckIn(tx, bookingId, lateArrivalResolution(pets, todayInIndia()));

/** Either side's answer to "What happened?" while the stay's no-show is open. */
export async function answerArrival(db: Db, userId: string, id: string, answer: ArrivalAnswer, view: (tx: Db) => Promise<StayView>): Promise<StayView> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      if (!(await lockBookingForUpdate(tx, id, { memberId: userId }))) throw notFound('Stay not found');
      const stay = (await selectStayOfMember(tx, id, userId))!;
      const side = stay.owner_id === userId ? 'guest' : 'host';
      if (!(await setArrivalAnswer(tx, id, side, answer))) throw conflict(ARRIVAL_MESSAGES.closed);
      return view(tx);
    }),
  );
}

/** The guest's "All well" within 24 hours of the host's check-out. */
export async function confirmHome(db: Db, guestId: string, id: string, view: (tx: Db) => Promise<StayView>, now: Date = new Date()): Promise<StayView> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      if (!(await lockBookingForUpdate(tx, id, { guestId }))) throw notFound('Stay not found');
      const stay = (await selectStayOfMember(tx, id, guestId))!;
      const problem = confirmHomeProblem(stay, now);
      if (problem) throw conflict(problem);
      await markHomeConfirmed(tx, id);
      return view(tx);
    }),
  );
}
