import type { OpsIncident, OpsIncidentSummary } from '../../../domain/contracts/incident';
import { todayInIndia } from '../../../domain/dates';
import { formatPaise } from '../../../domain/money/units';
import { SELF_ACTION } from '../../../domain/operator-actions';
import type { IncidentResolution } from '../../../domain/stays/incident-form';
import { INCIDENT_KIND_NAMES } from '../../../domain/stays/incidents';
import { stayStage } from '../../../domain/stays/stage';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/errors';
import { conflict } from '../../http/errors';
import { selectBookingMessages } from '../messages';
import { problemRefundOutlook, queueRefund, stayMoney } from '../payments';
import {
  incidentForOperator,
  lockIncidentForOperator,
  messageBothSides,
  type OperatorIncident,
  resolveIncident,
  selectOpenIncidents,
  selectOtherIncidents,
  selectUpdates,
} from '../stays';
import { recordAction, selectHistory } from './queries';

// The operators' Incidents queue (PRODUCT.md section 10): the problems reported on stays, urgent
// first; one opened with everything needed to act on it (the stay, its money, the care sheets,
// the updates, the two sides' messages, what operators did), and each opening recorded, as an ID
// document's is. Notes and messages are kept in the incident's record; the resolution refunds
// through payments' refund path. An operator does not act on a stay of their own.

function toSummary(i: Awaited<ReturnType<typeof selectOpenIncidents>>[number]): OpsIncidentSummary {
  return {
    id: i.id,
    kind: i.kind,
    kind_name: INCIDENT_KIND_NAMES[i.kind],
    urgent: i.urgent,
    status: i.status,
    description: i.description,
    reported_by: i.reported_by,
    answers: i.kind === 'no_show' ? { guest: i.guest_answer, host: i.host_answer } : null,
    created_at: i.created_at,
    booking_id: i.booking_id,
    listing_title: i.listing_title,
    start_date: i.start_date,
    end_date: i.end_date,
    guest_name: i.guest_name,
    host_name: i.host_name,
  };
}

/** The queue: open problems, urgent first, then the longest waiting. */
export async function openIncidents(db: Db): Promise<OpsIncidentSummary[]> {
  return (await selectOpenIncidents(db)).map(toSummary);
}

/** Where an operator's browser asks for a report's photo (routes.ts): operators only, never a stay's own route. */
const opsPhotoPath = (incidentId: string, photoId: string, size: 'card' | 'large') => `/api/ops/incidents/${incidentId}/photos/${photoId}?size=${size}`;

/** How many of the booking's latest messages an operator reads beside a problem. */
const MESSAGES_SHOWN = 50;

async function detailOf(db: Db, found: OperatorIncident): Promise<OpsIncident> {
  const { incident: i, stay } = found;
  const money = await stayMoney(db, stay.id);
  const updates = await selectUpdates(db, stay.id);
  const messages = await selectBookingMessages(db, stay.id, MESSAGES_SHOWN);
  return {
    incident: {
      ...toSummary(i),
      resolution: i.resolution,
      refund_percent: i.refund_percent,
      refund_paise: i.refund_paise,
      resolved_at: i.resolved_at,
      photos: i.photos.map((p) => ({ ...p, card_url: opsPhotoPath(i.id, p.id, 'card'), large_url: opsPhotoPath(i.id, p.id, 'large') })),
    },
    booking: {
      id: stay.id,
      status: stay.status,
      stage: stayStage(stay, todayInIndia()),
      start_date: stay.start_date,
      end_date: stay.end_date,
      nights: stay.nights,
      checked_in_at: stay.checked_in_at,
      checked_out_at: stay.checked_out_at,
      listing: { id: stay.listing_id, title: stay.listing_title, locality: stay.listing_locality, city: stay.listing_city },
      guest: { id: stay.owner_id, name: stay.guest_name, email: stay.guest_email, phone: stay.guest_phone },
      host: { id: stay.host_id, name: stay.host_name, email: stay.host_email, phone: stay.host_phone },
      paid_paise: money.paid_paise,
      refunded_paise: money.refunded_paise,
      payout: money.payout,
    },
    refund: i.status === 'open' ? problemRefundOutlook(money) : { possible: false, problem: null, from: null },
    pets: stay.pets.map((p) => ({ name: p.name, care_sheet: p.sheet })),
    updates: updates.map((u) => ({ kind: u.kind, note: u.note, ticks: u.care_log.length, photos: u.photos.length, for_date: u.for_date, created_at: u.created_at })),
    messages: messages.reverse().map((m) => ({ from: m.sender_role, body: m.body, created_at: new Date(m.created_at).toISOString() })),
    other_incidents: (await selectOtherIncidents(db, stay.id, i.id)).map(toSummary),
    history: await selectHistory(db, 'incident', i.id),
  };
}

/** An incident, opened by an operator: the opening is recorded (who read the stay's care sheets and messages). */
export async function openIncident(db: Db, operatorId: string, id: string): Promise<OpsIncident> {
  const found = await incidentForOperator(db, id);
  await recordAction(db, { operatorId, action: 'view_incident', targetType: 'incident', targetId: id });
  return detailOf(db, found);
}

function notTheirOwn(found: OperatorIncident, operatorId: string) {
  if (found.stay.owner_id === operatorId || found.stay.host_id === operatorId) throw conflict(SELF_ACTION);
}

/** A note on the incident, for operators only: kept in its record. */
export async function noteIncident(db: Db, operatorId: string, id: string, note: string): Promise<OpsIncident> {
  const found = await incidentForOperator(db, id);
  notTheirOwn(found, operatorId);
  await recordAction(db, { operatorId, action: 'note_incident', targetType: 'incident', targetId: id, reason: note });
  return detailOf(db, found);
}

/** A message to both sides, mailed to each; kept in the incident's record in the same transaction. */
export async function messageAboutIncident(deps: { db: Db; publicUrl: string }, operatorId: string, id: string, message: string): Promise<OpsIncident> {
  await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const found = await lockIncidentForOperator(tx, id);
      notTheirOwn(found, operatorId);
      await messageBothSides(tx, deps.publicUrl, found, message);
      await recordAction(tx, { operatorId, action: 'message_incident', targetType: 'incident', targetId: id, reason: message });
    }),
  );
  return detailOf(deps.db, await incidentForOperator(deps.db, id));
}

/**
 * Resolves the incident, refunding `refund_percent`% of the stay (payments' refund path, in the
 * same transaction as the resolution and its record); both sides are told.
 */
export async function resolveIncidentAsOperator(deps: { db: Db; publicUrl: string }, operatorId: string, id: string, input: IncidentResolution): Promise<OpsIncident> {
  await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const refunded = await resolveIncident(tx, deps.publicUrl, operatorId, id, input, queueRefund, async (t, bookingId) => problemRefundOutlook(await stayMoney(t, bookingId)));
      const reason = input.refund_percent > 0 ? `${input.refund_percent}% refunded (${formatPaise(refunded)}): ${input.resolution}` : input.resolution;
      await recordAction(tx, { operatorId, action: 'resolve_incident', targetType: 'incident', targetId: id, reason });
    }),
  );
  return detailOf(deps.db, await incidentForOperator(deps.db, id));
}
