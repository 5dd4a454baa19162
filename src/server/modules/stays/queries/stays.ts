import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES } from '../../../../domain/bookings';
import { PET_TYPES } from '../../../../domain/pet-types';
import { CARE_TICK_KINDS, type CareTick } from '../../../../domain/stays/care-log';
import type { CareSheet } from '../../../../domain/stays/care-sheet';
import type { Db } from '../../../db/client';
import { instantColumn, iso, queryRows } from '../../../db/rows';
import { insertPhotos, photoList, photosJson, type StoredUpdatePhoto } from './photos';

// The stays module's SQL: it owns care_sheets and the updates' tables; a stay's booking, listing, people and pets are read
// by plain joins (decision 044), and its status is moved only by the bookings module.

const storedSheet = z.custom<CareSheet>((v) => typeof v === 'object' && v !== null);

const stayRow = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  nights: z.number().int(),
  checked_in_at: instantColumn.nullable().transform((v) => (v === null ? null : iso(v))),
  checked_out_at: instantColumn.nullable().transform((v) => (v === null ? null : iso(v))),
  home_confirmed_at: instantColumn.nullable().transform((v) => (v === null ? null : iso(v))),
  /** Asked what happened to its arrival (domain/stays/arrival.ts). */
  no_show: z.boolean(),
  owner_id: z.string(),
  host_id: z.string(),
  guest_name: z.string(),
  guest_phone: z.string().nullable(),
  guest_email: z.string(),
  host_name: z.string(),
  host_email: z.string(),
  host_phone: z.string().nullable(),
  listing_id: z.string(),
  listing_title: z.string(),
  listing_locality: z.string(),
  listing_city: z.string(),
  // The stay's pets with their sheets on it, and each one's latest sheet on another stay (a new
  // sheet begins from it), oldest pet first.
  pets: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(PET_TYPES),
      photo_url: z.string().nullable(),
      temperament: z.string().nullable(),
      notes: z.string().nullable(),
      sheet: storedSheet.nullable(),
      sheet_updated_at: z.string().nullable(),
      last_sheet: storedSheet.nullable(),
    }),
  ),
});

export type StayRow = z.infer<typeof stayRow>;

export const displayName = (alias: string) => sql.raw(`coalesce(nullif(btrim(${alias}.name), ''), split_part(${alias}.email, '@', 1))`);

/** The stay (a booking) if `userId` is its guest or its listing's host. */
export const selectStayOfMember = (db: Db, id: string, userId: string): Promise<StayRow | undefined> =>
  selectStayWhere(db, id, sql`(b.owner_id = ${userId} or l.host_id = ${userId})`);

/** The stay, whoever its guest and host: for operators (their routes are theirs alone). */
export const selectStayForOperator = (db: Db, id: string): Promise<StayRow | undefined> => selectStayWhere(db, id, sql`true`);

async function selectStayWhere(db: Db, id: string, allowed: SQL): Promise<StayRow | undefined> {
  const [row] = await queryRows(db, stayRow, sql`
    select b.id, b.status, b.start_date::text as start_date, b.end_date::text as end_date, b.nights,
      b.checked_in_at, b.checked_out_at, b.home_confirmed_at, b.owner_id,
      exists (select 1 from incidents i where i.booking_id = b.id and i.kind = 'no_show') as no_show, l.host_id,
      ${displayName('g')} as guest_name, g.phone as guest_phone, g.email as guest_email, ${displayName('h')} as host_name,
      h.email as host_email, h.phone as host_phone,
      l.id as listing_id, l.title as listing_title, l.locality as listing_locality, l.city as listing_city,
      coalesce((
        select json_agg(json_build_object(
          'id', p.id, 'name', p.name, 'type', p.type, 'photo_url', p.photo_url, 'temperament', p.temperament, 'notes', p.notes,
          'sheet', cs.sheet, 'sheet_updated_at', to_char(cs.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'last_sheet', (
            select prev.sheet from care_sheets prev
            where prev.pet_id = p.id and prev.booking_id <> b.id
            order by prev.updated_at desc limit 1
          )
        ) order by p.created_at, p.id)
        from booking_pets bp
        join pets p on p.id = bp.pet_id
        left join care_sheets cs on cs.booking_id = bp.booking_id and cs.pet_id = bp.pet_id
        where bp.booking_id = b.id
      ), '[]'::json) as pets
    from bookings b
    join listings l on l.id = b.listing_id
    join users g on g.id = b.owner_id
    join users h on h.id = l.host_id
    where b.id = ${id} and ${allowed}
  `);
  return row;
}

/** Writes the pet's care sheet on the stay, whole (the pet must be on the booking: a foreign key). */
export const upsertCareSheet = (tx: Db, bookingId: string, petId: string, sheet: CareSheet) =>
  tx.execute(sql`
    insert into care_sheets (booking_id, pet_id, sheet) values (${bookingId}, ${petId}, ${JSON.stringify(sheet)}::jsonb)
    on conflict (booking_id, pet_id) do update set sheet = excluded.sheet, updated_at = now()
  `);

// The stay's updates (the host's words, care log and photos) and the 8 pm reminder.

const updateRow = z.object({
  id: z.string(),
  kind: z.enum(['arrival', 'update']),
  note: z.string(),
  care_log: z.array(z.object({ pet_id: z.string(), kind: z.enum(CARE_TICK_KINDS), at: z.string(), medicine: z.string().nullable().optional() })),
  for_date: z.string(),
  created_at: instantColumn.transform(iso),
  photos: photoList,
});

export type UpdateRow = z.infer<typeof updateRow>;

/** The stay's updates, newest first, each with its photos in the order posted. */
export function selectUpdates(db: Db, bookingId: string) {
  return queryRows(db, updateRow, sql`
    select u.id, u.kind, u.note, u.care_log, u.for_date::text as for_date, u.created_at,
      ${photosJson('update', sql`u.id`)} as photos
    from stay_updates u
    where u.booking_id = ${bookingId}
    order by u.created_at desc, u.id desc
    limit ${MAX_TIMELINE}
  `);
}

/** Enough for the longest stay (30 nights) with several updates a day. */
const MAX_TIMELINE = 300;

/** How many updates the host posted on the stay's day `date` (the arrival not counted). */
export async function countUpdatesOn(tx: Db, bookingId: string, date: string): Promise<number> {
  const [row] = await queryRows(tx, z.object({ n: z.number().int() }), sql`
    select count(*)::int as n from stay_updates where booking_id = ${bookingId} and for_date = ${date}::date and kind = 'update'
  `);
  return row!.n;
}

/** Writes an update and its photos; answers its id. */
export async function insertUpdate(
  tx: Db,
  u: { bookingId: string; authorId: string; kind: 'arrival' | 'update'; note: string; careLog: CareTick[]; forDate: string; photos: readonly StoredUpdatePhoto[] },
): Promise<string> {
  const [row] = await queryRows(tx, z.object({ id: z.string() }), sql`
    insert into stay_updates (booking_id, author_id, kind, note, care_log, for_date)
    values (${u.bookingId}, ${u.authorId}, ${u.kind}, ${u.note}, ${JSON.stringify(u.careLog)}::jsonb, ${u.forDate}::date)
    returning id
  `);
  await insertPhotos(tx, 'update', row!.id, u.photos);
  return row!.id;
}

/**
 * A photo of the stay (an update's, or a reported problem's), with its files' keys, if `userId`
 * is the stay's guest or host.
 */
export async function selectStayPhotoOfMember(db: Db, bookingId: string, photoId: string, userId: string) {
  const [row] = await queryRows(db, z.object({ card_key: z.string(), large_key: z.string() }), sql`
    select p.card_key, p.large_key
    from (
      select p.card_key, p.large_key, u.booking_id from stay_update_photos p join stay_updates u on u.id = p.update_id where p.id = ${photoId}
      union all
      select p.card_key, p.large_key, i.booking_id from incident_photos p join incidents i on i.id = p.incident_id where p.id = ${photoId}
    ) p
    join bookings b on b.id = p.booking_id
    join listings l on l.id = b.listing_id
    where p.booking_id = ${bookingId} and (b.owner_id = ${userId} or l.host_id = ${userId})
  `);
  return row;
}

const reminderRow = z.object({
  booking_id: z.string(),
  host_email: z.string(),
  host_name: z.string(),
  guest_name: z.string(),
  owner_id: z.string(),
  host_id: z.string(),
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  pet_names: z.array(z.string()),
});

/**
 * Records today's reminder for every stay under way (not on its check-out day) with no update
 * today that has not been reminded yet, and answers those stays: the primary key makes each
 * reminder once per stay and day, whichever process runs the job.
 */
export const recordDueReminders = (tx: Db, today: string) =>
  queryRows(tx, reminderRow, sql`
    with due as (
      insert into stay_update_reminders (booking_id, for_date)
      select b.id, ${today}::date from bookings b
      where b.status = 'in_stay' and b.start_date <= ${today}::date and b.end_date > ${today}::date
        and not exists (select 1 from stay_updates u where u.booking_id = b.id and u.for_date = ${today}::date)
      on conflict do nothing
      returning booking_id
    )
    select d.booking_id, h.email as host_email, ${displayName('h')} as host_name, ${displayName('g')} as guest_name, b.owner_id, l.host_id,
      l.title as listing_title, b.start_date::text as start_date, b.end_date::text as end_date,
      coalesce((select json_agg(p.name order by p.created_at, p.id) from booking_pets bp join pets p on p.id = bp.pet_id where bp.booking_id = b.id), '[]'::json) as pet_names
    from due d
    join bookings b on b.id = d.booking_id
    join listings l on l.id = b.listing_id
    join users h on h.id = l.host_id
    join users g on g.id = b.owner_id
  `);

// The sweep of stay photo files no row names (service.ts, sweepStayPhotos).

/** Files' keys as one text[] parameter: a key is a uuid (storage/private-files.ts), nothing to quote. */
const keyArray = (keys: readonly string[]) => sql`${`{${keys.join(',')}}`}::text[]`;

/** Of `keys`, those a stay update's photo or a reported problem's names. */
export async function selectNamedPhotoKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = keyArray(keys);
  const rows = await queryRows(db, z.object({ key: z.string() }), sql`
    select card_key as key from stay_update_photos where card_key = any(${list})
    union all
    select large_key from stay_update_photos where large_key = any(${list})
    union all
    select card_key from incident_photos where card_key = any(${list})
    union all
    select large_key from incident_photos where large_key = any(${list})
  `);
  return new Set(rows.map((r) => r.key));
}

/** Notes files seen unnamed; one already noted keeps the time it was first seen. */
export async function noteOrphanPhotos(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`insert into stay_photo_orphans (key) select unnest(${keyArray(keys)}) on conflict (key) do nothing`);
}

/** The noted files first seen before `before`, which a row may have named since. */
export async function selectOrphansSeenBefore(db: Db, before: Date): Promise<string[]> {
  const rows = await queryRows(db, z.object({ key: z.string() }), sql`select key from stay_photo_orphans where seen_at < ${before.toISOString()}::timestamptz order by seen_at limit 5000`);
  return rows.map((r) => r.key);
}

/** Forgets noted files (deleted, or named by a row after all). */
export async function forgetOrphans(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`delete from stay_photo_orphans where key = any(${keyArray(keys)})`);
}
