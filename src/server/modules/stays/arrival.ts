import type { StayView } from '../../../domain/contracts/stay';
import { type IsoDate, todayInIndia } from '../../../domain/dates';
import { ARRIVAL_MESSAGES, type ArrivalAnswer, confirmHomeProblem, lateArrivalResolution, missedArrivalText } from '../../../domain/stays/arrival';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import { tellSide } from '../notifications';
import { missedArrivalMail } from '../../mail/stays';
import { lockBookingForUpdate, markHomeConfirmed } from '../bookings';
import { insertNoShow, lockMissedArrivals, resolveNoShowAsLate, selectStayOfMember, setArrivalAnswer } from './queries';

// The ends of a stay the host's presses leave open (domain/stays/arrival.ts). A paid stay not
// checked in by the end of its check-in day gets a no-show incident from the lifecycle job: both
// sides are asked what happened, and an operator decides (the incident holds the host's payout, as
// any open problem does) unless both say the pet arrived late: the host's late "Bruno has arrived"
// and the guest's "arriving late" settle it between them (settleLateArrival). After the check-out, the guest says all
// is well, or reports a problem (incidents.ts).

/** How many stays one transaction asks about, so that each stays short. */
const ASK_PER_RUN = 100;

/**
 * The lifecycle job's step: every paid stay whose check-in day ended without a check-in gets its
 * no-show, and both sides are asked, once per stay across processes. Answers how many were asked.
 */
export async function askAboutMissedArrivals(db: Db, publicUrl: string, today: IsoDate = todayInIndia()): Promise<number> {
  let asked = 0;
  // In batches, each its own short transaction, until none is left (after an outage there may be many).
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await lockMissedArrivals(tx, today, ASK_PER_RUN);
      for (const stay of due) {
        const pets = stay.pets.map((p) => p.name);
        if (!(await insertNoShow(tx, stay.id, missedArrivalText(pets, stay.start_date)))) continue;
        const about = { guestName: stay.guest_name, stay, publicUrl };
        await tellSide(tx, stay, 'host', 'missed_arrival', missedArrivalMail({ ...about, to: stay.host_email, toHost: true }));
        await tellSide(tx, stay, 'guest', 'missed_arrival', missedArrivalMail({ ...about, to: stay.guest_email, toHost: false }));
        asked += 1;
      }
      return due.length;
    });
    if (batch < ASK_PER_RUN) return asked;
  }
}

/**
 * A late arrival settles the stay's open no-show once both sides say so: the host's check-in and
 * the guest's "arriving late", whichever comes second (called within its transaction). Anything
 * else waits for an operator, for a host could check in a pet that never came (decision 052).
 */
export const settleLateArrival = (tx: Db, bookingId: string, pets: readonly { name: string }[], checkedInOn: IsoDate) =>
  resolveNoShowAsLate(tx, bookingId, lateArrivalResolution(pets.map((p) => p.name), checkedInOn));

/** Either side's answer to "What happened?" while the stay's no-show is open. */
export async function answerArrival(db: Db, userId: string, id: string, answer: ArrivalAnswer, view: (tx: Db) => Promise<StayView>): Promise<StayView> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      if (!(await lockBookingForUpdate(tx, id, { memberId: userId }))) throw notFound('Stay not found');
      const stay = (await selectStayOfMember(tx, id, userId))!;
      const side = stay.owner_id === userId ? 'guest' : 'host';
      if (!(await setArrivalAnswer(tx, id, side, answer))) throw conflict(ARRIVAL_MESSAGES.closed);
      if (side === 'guest' && answer === 'arriving_late' && stay.checked_in_at) await settleLateArrival(tx, id, stay.pets, todayInIndia(new Date(stay.checked_in_at)));
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
