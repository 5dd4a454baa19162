import type { IncidentView, RefundOutlook } from '../../../domain/contracts/incident';
import { SELF_ACTION } from '../../../domain/operator-actions';
import type { StayView } from '../../../domain/contracts/stay';
import type { IncidentReport, IncidentResolution } from '../../../domain/stays/incident-form';
import {
  INCIDENT_KIND_NAMES,
  INCIDENT_LIMITS,
  INCIDENT_MESSAGES,
  INCIDENT_STATUS_LINES,
  isUrgent,
  reportProblem,
  reportUntil,
  urgentHeadline,
} from '../../../domain/stays/incidents';
import type { Db } from '../../db/client';
import { stayPhotoView } from './photo-urls';
import { withRetry } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import { wordsIn } from '../../i18n/words';
import { incidentAlertMail, incidentMessageMail, incidentReportedMail, incidentResolvedMail } from '../../mail/incidents';
import { queueMail } from '../../mail/outbox';
import { tellSide } from '../notifications';
import { type LockedBooking, lockBookingForUpdate } from '../bookings';
import { selectOperatorEmails } from '../profile';
import {
  countIncidentsOf,
  type IncidentRow,
  type IncidentSummaryRow,
  insertIncident,
  markIncidentResolved,
  selectIncidentSummary,
  selectStayForOperator,
  selectStayOfMember,
  type StayRow,
  type StoredUpdatePhoto,
} from './queries';

// When something goes wrong (PRODUCT.md section 10, domain/stays/incidents.ts): either side of a
// stay reports a problem during it or within 48 hours after; the other side is told, and for an
// urgent one (health, escape) every operator is alerted and both sides see the pets' vets and
// emergency contacts at once. An operator resolves it, refunding part or all of the stay through
// the payments module's refund path; the host's payout waits while one is open (payments' release
// leaves it held). Each write locks the booking's row first, as every other move of the stay does.

export type IncidentDeps = { db: Db; publicUrl: string };

/** The refund path of payments (queueRefund), given by the caller: this module does not own money. */
export type IncidentRefund = (
  tx: Db,
  r: { bookingId: string; reason: 'incident'; percent: number; cost: { price_subtotal_paise: number; taxes_paise: number; platform_fee_paise: number } },
) => Promise<number | undefined>;


export const incidentNotFound = () => notFound('Incident not found');

export function toIncidentView(i: IncidentRow, viewerId: string): IncidentView {
  return {
    id: i.id,
    kind: i.kind,
    kind_name: INCIDENT_KIND_NAMES[i.kind],
    urgent: i.urgent,
    description: i.description,
    reported_by: i.reported_by,
    answers: i.kind === 'no_show' ? { guest: i.guest_answer, host: i.host_answer } : null,
    reported_by_me: i.reporter_id === viewerId,
    status: i.status,
    status_line: INCIDENT_STATUS_LINES[i.status],
    resolution: i.resolution,
    refund_percent: i.refund_percent,
    refund_paise: i.refund_paise,
    photos: i.photos.map((p) => stayPhotoView(i.booking_id, p)),
    created_at: i.created_at,
    resolved_at: i.resolved_at,
  };
}

/** What the stay's view shows of its problems to `viewerId` (its guest or host) at `now`. */
export function stayIncidentFields(stay: StayRow, incidents: readonly IncidentRow[], viewerId: string, now: Date) {
  const open = incidents.find((i) => i.status === 'open' && i.urgent);
  const petNames = stay.pets.map((p) => p.name);
  const underWayOrDone = stay.status === 'in_stay' || stay.status === 'completed';
  return {
    incidents: incidents.map((i) => toIncidentView(i, viewerId)),
    can_report_problem: reportProblem(stay, now) === null && incidents.length < INCIDENT_LIMITS.perStay,
    report_until: underWayOrDone ? reportUntil(stay).toISOString() : null,
    urgent: open
      ? {
          // In English: the stay's page is not yet in Gujarati and Hindi (issue 39).
          headline: urgentHeadline(open.kind, petNames, wordsIn('en'))!,
          // From the care sheets, whether or not the host may read them now: a pet in danger comes first.
          contacts: stay.pets.flatMap((p) => (p.sheet ? [{ pet_name: p.name, vet: p.sheet.vet, emergency_contact: p.sheet.emergency_contact }] : [])),
        }
      : null,
  } satisfies Pick<StayView, 'incidents' | 'can_report_problem' | 'report_until' | 'urgent'>;
}

/**
 * The stay's guest or host reports a problem. `view` reads the stay afterwards within the same
 * transaction (the stays service's view), so the answer shows the report and, when it is urgent,
 * the contacts.
 */
export async function reportIncident(
  deps: IncidentDeps,
  userId: string,
  bookingId: string,
  report: IncidentReport & { photos: readonly StoredUpdatePhoto[] },
  view: (tx: Db) => Promise<StayView>,
  now: Date = new Date(),
): Promise<StayView> {
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      if (!(await lockBookingForUpdate(tx, bookingId, { memberId: userId }))) throw notFound('Stay not found');
      await assertMayReport(tx, userId, bookingId, now);
      const stay = (await selectStayOfMember(tx, bookingId, userId))!;
      const urgent = isUrgent(report.kind);
      const id = await insertIncident(tx, { bookingId, reportedBy: userId, kind: report.kind, urgent, description: report.description, photos: report.photos });
      const byGuest = userId === stay.owner_id;
      const reporter = byGuest ? stay.guest_name : stay.host_name;
      const about = { stay, problem: report, publicUrl: deps.publicUrl };
      const mail = incidentReportedMail({ ...about, to: byGuest ? stay.host_email : stay.guest_email, reporter });
      await tellSide(tx, stay, byGuest ? 'host' : 'guest', urgent ? 'incident_urgent' : 'incident_opened', mail, { incident_id: id }, `incident ${id}`);
      if (urgent) {
        for (const to of await selectOperatorEmails(tx)) {
          // Operators read English.
          await queueMail(tx, incidentAlertMail({ ...about, to, incidentId: id, reporter })('en'), `incident ${id}`);
        }
      }
      return view(tx);
    }),
  );
}

/**
 * Refuses a report `userId` may not make on the stay at `now`: a 404 for anyone but its guest and
 * host, a 409 outside the report window or past the stay's limit. Asked before a report's photos
 * are read, and again under the booking's lock.
 */
export async function assertMayReport(db: Db, userId: string, bookingId: string, now: Date = new Date()): Promise<void> {
  const stay = await selectStayOfMember(db, bookingId, userId);
  if (!stay) throw notFound('Stay not found');
  const problem = reportProblem(stay, now);
  if (problem) throw conflict(problem);
  if ((await countIncidentsOf(db, bookingId)) >= INCIDENT_LIMITS.perStay) throw conflict(INCIDENT_MESSAGES.tooMany);
}

// The operators' side: the queue, an incident with its stay, a note, a message, the resolution.

export type OperatorIncident = { incident: IncidentSummaryRow; stay: StayRow };

/** An incident and its stay, for an operator. */
export async function incidentForOperator(db: Db, id: string): Promise<OperatorIncident> {
  const incident = await selectIncidentSummary(db, id);
  if (!incident) throw incidentNotFound();
  return { incident, stay: (await selectStayForOperator(db, incident.booking_id))! };
}

/** The same, locked until `tx` ends: the booking first, then the incident (the order of every other write on the stay). */
export async function lockIncidentForOperator(tx: Db, id: string): Promise<OperatorIncident & { booking: LockedBooking }> {
  const seen = await selectIncidentSummary(tx, id);
  if (!seen) throw incidentNotFound();
  const booking = (await lockBookingForUpdate(tx, seen.booking_id, { operator: true }))!;
  const incident = (await selectIncidentSummary(tx, id, true))!;
  return { incident, booking, stay: (await selectStayForOperator(tx, incident.booking_id))! };
}

/** An operator writes to both sides about the problem: mailed to each, in the same transaction as its record. */
export async function messageBothSides(tx: Db, publicUrl: string, found: OperatorIncident, message: string): Promise<void> {
  const { stay } = found;
  for (const side of ['guest', 'host'] as const) {
    const mail = incidentMessageMail({ to: side === 'guest' ? stay.guest_email : stay.host_email, stay, message, publicUrl });
    await tellSide(tx, stay, side, 'incident_message', mail, { incident_id: found.incident.id }, `incident ${found.incident.id}`);
  }
}

/**
 * An operator resolves an open problem, refunding `refund_percent`% of the stay (0 for none)
 * through `refund` (payments' queueRefund, in this transaction, under the booking's lock): its
 * ledger rows, its credit note, the host's held payout lowered (or, once paid, their share due
 * back from them: decision 055). Both sides are told. Answers the refund in paise.
 */
export async function resolveIncident(
  tx: Db,
  publicUrl: string,
  operatorId: string,
  id: string,
  input: IncidentResolution,
  refund: IncidentRefund,
  outlook: (tx: Db, bookingId: string) => Promise<RefundOutlook>,
): Promise<number> {
  const found = await lockIncidentForOperator(tx, id);
  // An operator does not decide on a stay of their own.
  if (found.stay.owner_id === operatorId || found.stay.host_id === operatorId) throw conflict(SELF_ACTION);
  if (found.incident.status !== 'open') throw conflict(INCIDENT_MESSAGES.resolved);
  let refundPaise = 0;
  let from: RefundOutlook['from'] = null;
  if (input.refund_percent > 0) {
    const can = await outlook(tx, found.incident.booking_id);
    if (!can.possible) throw conflict(can.problem ?? INCIDENT_MESSAGES.nothingLeft);
    from = can.from;
    refundPaise = (await refund(tx, { bookingId: found.incident.booking_id, reason: 'incident', percent: input.refund_percent, cost: found.booking })) ?? 0;
  }
  await markIncidentResolved(tx, { id, operatorId, resolution: input.resolution, refundPercent: input.refund_percent, refundPaise });
  const { stay } = found;
  for (const side of ['guest', 'host'] as const) {
    const to = side === 'guest' ? stay.guest_email : stay.host_email;
    const mail = incidentResolvedMail({ to, stay, resolution: input.resolution, refundPaise, refundPercent: input.refund_percent, side, fromPaidPayout: from === 'paid_payout', publicUrl });
    await tellSide(tx, stay, side, 'incident_resolved', mail, { incident_id: id, ...(side === 'guest' && refundPaise > 0 && { amount_paise: refundPaise }) }, `incident ${id}`);
  }
  return refundPaise;
}
