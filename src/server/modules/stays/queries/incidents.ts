import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ARRIVAL_ANSWERS, type ArrivalAnswer } from '../../../../domain/stays/arrival';
import { INCIDENT_KINDS, type ReportKind } from '../../../../domain/stays/incidents';
import type { Db } from '../../../db/client';
import { instantColumn, iso, queryRows } from '../../../db/rows';
import { insertPhotos, photoList, photosJson, type StoredUpdatePhoto } from './photos';
import { displayName } from './stays';

// The stays module's SQL for incidents (it owns the table): a stay's problems, the operators'
// queue, and the resolution. Who reported one is read as the stay's guest or host by a plain join.

const incidentRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  urgent: z.boolean(),
  description: z.string(),
  reported_by: z.enum(['guest', 'host', 'pawstay']),
  reporter_id: z.string().nullable(),
  guest_answer: z.enum(ARRIVAL_ANSWERS).nullable(),
  host_answer: z.enum(ARRIVAL_ANSWERS).nullable(),
  status: z.enum(['open', 'resolved']),
  resolution: z.string().nullable(),
  refund_percent: z.number().int().nullable(),
  refund_paise: z.number().int().nullable(),
  created_at: instantColumn.transform(iso),
  resolved_at: instantColumn.nullable().transform((v) => (v === null ? null : iso(v))),
  /** Its photos in the order sent (incident_photos_incident_idx): at most INCIDENT_LIMITS.photos. */
  photos: photoList,
});
export type IncidentRow = z.infer<typeof incidentRow>;

const INCIDENT_COLUMNS = sql`i.id, i.booking_id, i.kind, i.urgent, i.description, i.reported_by as reporter_id,
  case when i.reported_by is null then 'pawstay' when i.reported_by = b.owner_id then 'guest' else 'host' end as reported_by,
  i.guest_answer, i.host_answer, i.status, i.resolution, i.refund_percent, i.refund_paise, i.created_at, i.resolved_at,
  ${photosJson('incident', sql`i.id`)} as photos`;

/** A stay's problems, newest first. */
export const selectIncidentsOf = (db: Db, bookingId: string) =>
  queryRows(db, incidentRow, sql`
    select ${INCIDENT_COLUMNS}
    from incidents i join bookings b on b.id = i.booking_id
    where i.booking_id = ${bookingId}
    order by i.created_at desc, i.id desc
  `);

export async function countIncidentsOf(tx: Db, bookingId: string): Promise<number> {
  const [row] = await queryRows(tx, z.object({ n: z.number().int() }), sql`select count(*)::int as n from incidents where booking_id = ${bookingId}`);
  return row!.n;
}

export async function insertIncident(
  tx: Db,
  i: { bookingId: string; reportedBy: string; kind: ReportKind; urgent: boolean; description: string; photos: readonly StoredUpdatePhoto[] },
): Promise<string> {
  const [row] = await queryRows(tx, z.object({ id: z.string() }), sql`
    insert into incidents (booking_id, reported_by, kind, urgent, description)
    values (${i.bookingId}, ${i.reportedBy}, ${i.kind}, ${i.urgent}, ${i.description})
    returning id
  `);
  await insertPhotos(tx, 'incident', row!.id, i.photos);
  return row!.id;
}

/** A photo of one of the stay's reported problems, with its files' keys, for operators. */
export async function selectIncidentPhoto(db: Db, incidentId: string, photoId: string) {
  const [row] = await queryRows(db, z.object({ card_key: z.string(), large_key: z.string() }), sql`
    select card_key, large_key from incident_photos where id = ${photoId} and incident_id = ${incidentId}
  `);
  return row;
}

const missedRow = z.object({
  id: z.string(),
  owner_id: z.string(),
  host_id: z.string(),
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  host_name: z.string(),
  host_email: z.string(),
  guest_name: z.string(),
  guest_email: z.string(),
  pets: z.array(z.object({ name: z.string() })),
});
export type MissedArrivalRow = z.infer<typeof missedRow>;

/**
 * Paid stays whose check-in day is over before `today` (India) with no check-in and no no-show
 * yet, locked (skipping any a check-in holds: the next run sees where it went), up to `limit`.
 */
export const lockMissedArrivals = (tx: Db, today: string, limit: number) =>
  queryRows(tx, missedRow, sql`
    select b.id, b.owner_id, l.host_id, l.title as listing_title, b.start_date::text as start_date, b.end_date::text as end_date,
      ${displayName('h')} as host_name, h.email as host_email, ${displayName('g')} as guest_name, g.email as guest_email,
      coalesce((
        select json_agg(json_build_object('name', p.name) order by p.created_at, p.id)
        from booking_pets bp join pets p on p.id = bp.pet_id where bp.booking_id = b.id
      ), '[]'::json) as pets
    from bookings b
    join listings l on l.id = b.listing_id
    join users g on g.id = b.owner_id
    join users h on h.id = l.host_id
    where b.status = 'confirmed' and b.start_date < ${today}::date
      and not exists (select 1 from incidents i where i.booking_id = b.id and i.kind = 'no_show')
    order by b.start_date, b.id
    limit ${limit}
    for update of b skip locked
  `);

/** Opens the stay's no-show (no reporter); false when one exists already (incidents_no_show_idx). */
export async function insertNoShow(tx: Db, bookingId: string, description: string): Promise<boolean> {
  const rows = await queryRows(tx, z.object({ id: z.string() }), sql`
    insert into incidents (booking_id, reported_by, kind, urgent, description)
    values (${bookingId}, null, 'no_show', false, ${description})
    on conflict (booking_id) where kind = 'no_show' do nothing
    returning id
  `);
  return rows.length === 1;
}

/** Either side's answer to the stay's open no-show; false when it has none open. */
export async function setArrivalAnswer(tx: Db, bookingId: string, side: 'guest' | 'host', answer: ArrivalAnswer): Promise<boolean> {
  const column = side === 'guest' ? sql.raw('guest_answer') : sql.raw('host_answer');
  const rows = await queryRows(tx, z.object({ id: z.string() }), sql`
    update incidents set ${column} = ${answer}, updated_at = now()
    where booking_id = ${bookingId} and kind = 'no_show' and status = 'open'
    returning id
  `);
  return rows.length === 1;
}

/**
 * Resolves the stay's open no-show as a late arrival, with nothing refunded, when both sides say
 * so: the host checked the stay in, and the guest answered "arriving late".
 */
export const resolveNoShowAsLate = (tx: Db, bookingId: string, resolution: string) =>
  tx.execute(sql`
    update incidents i set status = 'resolved', resolution = ${resolution}, refund_percent = 0, refund_paise = 0, resolved_at = now(), updated_at = now()
    where i.booking_id = ${bookingId} and i.kind = 'no_show' and i.status = 'open' and i.guest_answer = 'arriving_late'
      and exists (select 1 from bookings b where b.id = i.booking_id and b.checked_in_at is not null)
  `);

const summaryRow = incidentRow.extend({
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  guest_name: z.string(),
  host_name: z.string(),
});
export type IncidentSummaryRow = z.infer<typeof summaryRow>;

const summaries = (where: SQL, order: SQL, limit: number) => sql`
  select ${INCIDENT_COLUMNS}, l.title as listing_title, b.start_date::text as start_date, b.end_date::text as end_date,
    ${displayName('g')} as guest_name, ${displayName('h')} as host_name
  from incidents i
  join bookings b on b.id = i.booking_id
  join listings l on l.id = b.listing_id
  join users g on g.id = b.owner_id
  join users h on h.id = l.host_id
  where ${where}
  order by ${order}
  limit ${limit}
`;

/** The operators' queue: open problems, urgent first, then the longest waiting (incidents_open_idx). */
export function selectOpenIncidents(db: Db, limit = 200) {
  return queryRows(db, summaryRow, summaries(sql`i.status = 'open'`, sql`i.urgent desc, i.created_at, i.id`, limit));
}

/** One problem with its stay's names, for operators; with `lock`, locked until the transaction ends. */
export async function selectIncidentSummary(db: Db, id: string, lock = false): Promise<IncidentSummaryRow | undefined> {
  const [row] = await queryRows(db, summaryRow, sql`${summaries(sql`i.id = ${id}`, sql`i.id`, 1)} ${lock ? sql`for update of i` : sql``}`);
  return row;
}

/** The stay's other problems, oldest first, for operators. */
export function selectOtherIncidents(db: Db, bookingId: string, exceptId: string) {
  return queryRows(db, summaryRow, summaries(sql`i.booking_id = ${bookingId} and i.id <> ${exceptId}`, sql`i.created_at, i.id`, 50));
}

/** Resolves an open problem; false when it was resolved already (by another operator meanwhile). */
export async function markIncidentResolved(tx: Db, r: { id: string; operatorId: string; resolution: string; refundPercent: number; refundPaise: number }): Promise<boolean> {
  const rows = await queryRows(tx, z.object({ id: z.string() }), sql`
    update incidents set status = 'resolved', resolution = ${r.resolution}, refund_percent = ${r.refundPercent}, refund_paise = ${r.refundPaise},
      resolved_by = ${r.operatorId}, resolved_at = now(), updated_at = now()
    where id = ${r.id} and status = 'open'
    returning id
  `);
  return rows.length === 1;
}
