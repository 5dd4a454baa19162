import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES, canCancel, requestLapsed } from '../../../domain/bookings';
import type { IsoDate } from '../../../domain/dates';
import { PET_SIZES, STAY_SIZES } from '../../../domain/pet-sizes';
import { PET_TYPES } from '../../../domain/pet-types';
import type { Db } from '../../db/client';
import { instantColumn, iso, queryRows } from '../../db/rows';
import { PHOTO_ORDER } from '../listings';
import type { BookingDetail, GuestBooking, HostBooking } from '../../../domain/contracts/booking';

// One query shape for every view of a booking (guest list, host list, detail), so that the three
// cannot drift apart; each view maps the same row. Dates leave SQL as text: both drivers would
// otherwise turn a date into a local-midnight Date, which is the UTC trap PRODUCT.md warns of.


const bookingRow = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  start_date: z.string(), // IsoDate: ::text below
  end_date: z.string(),
  nights: z.number().int(),
  size: z.enum(STAY_SIZES),
  note: z.string(),
  price_subtotal_inr: z.number().int(),
  taxes_inr: z.number().int(),
  platform_fee_inr: z.number().int(),
  total_inr: z.number().int(),
  created_at: instantColumn,
  responded_at: instantColumn.nullable(),
  owner_id: z.string(),
  guest_name: z.string(),
  guest_email: z.string(),
  listing_id: z.string(),
  listing_title: z.string(),
  listing_city: z.string(),
  listing_state: z.string(),
  host_id: z.string(),
  host_email: z.string(),
  cover_photo_url: z.string().nullable(),
  // All null once the pet's profile is deleted (bookings.pet_id is set null); breed is optional.
  pet_id: z.string().nullable(),
  pet_name: z.string().nullable(),
  pet_type: z.enum(PET_TYPES).nullable(),
  pet_size: z.enum(PET_SIZES).nullable(),
  pet_breed: z.string().nullable(),
});

export type BookingRow = z.infer<typeof bookingRow>;

/** The bookings matching `where` (over `b` bookings, `l` listings), newest first. */
export function selectBookings(db: Db, where: SQL): Promise<BookingRow[]> {
  return queryRows(db, bookingRow, sql`
    select b.id, b.status, b.start_date::text as start_date, b.end_date::text as end_date, b.nights, b.size, b.note,
      b.price_subtotal_inr, b.taxes_inr, b.platform_fee_inr, b.total_inr, b.created_at, b.responded_at,
      b.owner_id, coalesce(nullif(btrim(g.name), ''), split_part(g.email, '@', 1)) as guest_name, g.email as guest_email,
      l.id as listing_id, l.title as listing_title, l.city as listing_city, l.state as listing_state,
      l.host_id, h.email as host_email,
      (select p.url from listing_photos p where p.listing_id = l.id order by ${PHOTO_ORDER} limit 1) as cover_photo_url,
      pet.id as pet_id, pet.name as pet_name, pet.type as pet_type, pet.size as pet_size, pet.breed as pet_breed
    from bookings b
    join listings l on l.id = b.listing_id
    join users g on g.id = b.owner_id
    join users h on h.id = l.host_id
    left join pets pet on pet.id = b.pet_id
    where ${where}
    order by b.created_at desc, b.id desc
  `);
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function stay(r: BookingRow) {
  return {
    id: r.id,
    status: r.status,
    start_date: r.start_date,
    end_date: r.end_date,
    nights: r.nights,
    size: r.size,
    note: r.note,
    created_at: iso(r.created_at),
  };
}

const listingOf = (r: BookingRow) => ({ id: r.listing_id, title: r.listing_title, city: r.listing_city, state: r.listing_state, cover_photo_url: r.cover_photo_url });
const petOf = (r: BookingRow) =>
  r.pet_id === null ? null : { id: r.pet_id, name: r.pet_name!, type: r.pet_type!, size: r.pet_size!, breed: r.pet_breed };
const payoutOf = (r: BookingRow) => r.price_subtotal_inr - r.platform_fee_inr;

/** Accept and Decline make sense: still requested, and not lapsed (see requestLapsed). */
export const canRespond = (r: Pick<BookingRow, 'status' | 'start_date' | 'created_at'>, today: IsoDate, now: Date) =>
  r.status === 'requested' && !requestLapsed(r.start_date, new Date(r.created_at), today, now);

export function toGuestBooking(r: BookingRow, today: IsoDate): GuestBooking {
  return {
    ...stay(r),
    price_subtotal_inr: r.price_subtotal_inr,
    taxes_inr: r.taxes_inr,
    total_inr: r.total_inr,
    listing: listingOf(r),
    pet: r.pet_id === null ? null : { id: r.pet_id, name: r.pet_name! },
    can_cancel: canCancel(r.status, r.start_date, today),
  };
}

export function toHostBooking(r: BookingRow, today: IsoDate, now: Date): HostBooking {
  const pet = petOf(r);
  return {
    ...stay(r),
    host_payout_inr: payoutOf(r),
    responded_at: isoOrNull(r.responded_at),
    guest: { name: r.guest_name },
    pet: pet && { name: pet.name, type: pet.type, size: pet.size, breed: pet.breed },
    listing: { id: r.listing_id, title: r.listing_title },
    can_respond: canRespond(r, today, now),
  };
}

export function toBookingDetail(r: BookingRow, viewerId: string, today: IsoDate, now: Date): BookingDetail {
  const isGuest = viewerId === r.owner_id;
  return {
    ...stay(r),
    viewer_role: isGuest ? 'guest' : 'host',
    price_subtotal_inr: r.price_subtotal_inr,
    taxes_inr: r.taxes_inr,
    platform_fee_inr: r.platform_fee_inr,
    total_inr: r.total_inr,
    host_payout_inr: payoutOf(r),
    responded_at: isoOrNull(r.responded_at),
    listing: listingOf(r),
    guest: { name: r.guest_name },
    pet: petOf(r),
    can_cancel: isGuest && canCancel(r.status, r.start_date, today),
    can_respond: !isGuest && canRespond(r, today, now),
  };
}
