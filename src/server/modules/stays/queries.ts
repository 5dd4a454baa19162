import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES } from '../../../domain/bookings';
import { PET_TYPES } from '../../../domain/pet-types';
import type { CareSheet } from '../../../domain/stays/care-sheet';
import type { Db } from '../../db/client';
import { instantColumn, queryRows } from '../../db/rows';

// The stays module's SQL: it owns care_sheets; a stay's booking, listing, people and pets are read
// by plain joins (decision 044), and its status is moved only by the bookings module.

const storedSheet = z.custom<CareSheet>((v) => typeof v === 'object' && v !== null);

const stayRow = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  nights: z.number().int(),
  checked_in_at: instantColumn.nullable(),
  checked_out_at: instantColumn.nullable(),
  owner_id: z.string(),
  host_id: z.string(),
  guest_name: z.string(),
  guest_phone: z.string().nullable(),
  guest_email: z.string(),
  host_name: z.string(),
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

const displayName = (alias: string) => sql.raw(`coalesce(nullif(btrim(${alias}.name), ''), split_part(${alias}.email, '@', 1))`);

/** The stay (a booking) if `userId` is its guest or its listing's host. */
export async function selectStayOfMember(db: Db, id: string, userId: string): Promise<StayRow | undefined> {
  const [row] = await queryRows(db, stayRow, sql`
    select b.id, b.status, b.start_date::text as start_date, b.end_date::text as end_date, b.nights,
      b.checked_in_at, b.checked_out_at, b.owner_id, l.host_id,
      ${displayName('g')} as guest_name, g.phone as guest_phone, g.email as guest_email, ${displayName('h')} as host_name,
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
    where b.id = ${id} and (b.owner_id = ${userId} or l.host_id = ${userId})
  `);
  return row;
}

/** Writes the pet's care sheet on the stay, whole (the pet must be on the booking: a foreign key). */
export const upsertCareSheet = (tx: Db, bookingId: string, petId: string, sheet: CareSheet) =>
  tx.execute(sql`
    insert into care_sheets (booking_id, pet_id, sheet) values (${bookingId}, ${petId}, ${JSON.stringify(sheet)}::jsonb)
    on conflict (booking_id, pet_id) do update set sheet = excluded.sheet, updated_at = now()
  `);
