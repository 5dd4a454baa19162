import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES, type BookingStatus, bringsPets, canCancel, hostCanCancel, REQUEST_TTL_HOURS, requestOverdue } from '../../../domain/bookings';
import { CANCELLATION_POLICIES } from '../../../domain/cancellation';
import type { IsoDate } from '../../../domain/dates';
import { storedVaccinationSchema } from '../../../domain/contracts/pet';
import type { PolicyPet } from '../../../domain/pet-policy';
import { certificatePath, vaccinationDueOn } from '../../../domain/pet-profile';
import { addressComesAt, paidStayShowsAddress } from '../../../domain/location';
import { PET_SIZES, STAY_SIZES } from '../../../domain/pet-sizes';
import { PET_TYPES } from '../../../domain/pet-types';
import type { Db } from '../../db/client';
import { instantColumn, iso, lockNamed, queryRows } from '../../db/rows';
import { bookingPets, bookings, listings } from '../../db/schema';
import { PHOTO_ORDER } from '../listings';
import { type BookingDetail, type GuestBooking, type HostBooking, type PetOnStay, petOnStaySchema } from '../../../domain/contracts/booking';
import { taxDocumentSummarySchema } from '../../../domain/contracts/tax-document';

// The bookings' SQL: the service (requests), transitions (answers, cancels) and lifecycle (the job)
// call these by name.

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
  cancellation_policy: z.enum(CANCELLATION_POLICIES),
  price_subtotal_inr: z.number().int(),
  taxes_inr: z.number().int(),
  platform_fee_inr: z.number().int(),
  total_inr: z.number().int(),
  created_at: instantColumn,
  responded_at: instantColumn.nullable(),
  payment_due_at: instantColumn.nullable(),
  paid_at: instantColumn.nullable(),
  cancelled_by: z.enum(['guest', 'host']).nullable(),
  // The refunds of the booking's payments, summed; null when there are none.
  refund_paise: z.number().int().nullable(),
  refund_status: z.enum(['pending', 'refunded', 'failed']).nullable(),
  // The stay's GST invoice and credit notes, oldest first.
  documents: z.array(taxDocumentSummarySchema),
  owner_id: z.string(),
  guest_name: z.string(),
  guest_email: z.string(),
  listing_id: z.string(),
  listing_title: z.string(),
  listing_city: z.string(),
  listing_state: z.string(),
  listing_locality: z.string(),
  listing_address: z.string(),
  host_id: z.string(),
  host_email: z.string(),
  cover_photo_url: z.string().nullable(),
  // The stay's pets as their profiles are now, oldest first; a profile deleted since is left out.
  pets: z.array(petOnStaySchema.omit({ vaccinations: true }).extend({ vaccinations: z.array(storedVaccinationSchema) })),
});

export type BookingRow = z.infer<typeof bookingRow>;

/** The bookings matching `where` (over `b` bookings, `l` listings), newest first. */
function selectBookings(db: Db, where: SQL): Promise<BookingRow[]> {
  return queryRows(db, bookingRow, sql`
    select b.id, b.status, b.start_date::text as start_date, b.end_date::text as end_date, b.nights, b.size, b.note, b.cancellation_policy,
      b.price_subtotal_inr, b.taxes_inr, b.platform_fee_inr, b.total_inr, b.created_at, b.responded_at,
      b.payment_due_at, b.paid_at, b.cancelled_by, rf.refund_paise, rf.refund_status,
      coalesce((
        select json_agg(json_build_object('id', d.id, 'kind', d.kind, 'number', d.number, 'test_mode', d.test_mode) order by d.created_at, d.number)
        from tax_documents d where d.booking_id = b.id
      ), '[]'::json) as documents,
      b.owner_id, coalesce(nullif(btrim(g.name), ''), split_part(g.email, '@', 1)) as guest_name, g.email as guest_email,
      l.id as listing_id, l.title as listing_title, l.city as listing_city, l.state as listing_state,
      l.locality as listing_locality, l.address as listing_address, l.host_id, h.email as host_email,
      (select p.url from listing_photos p where p.listing_id = l.id order by ${PHOTO_ORDER} limit 1) as cover_photo_url,
      coalesce((
        select json_agg(json_build_object(
          'id', p.id, 'name', p.name, 'type', p.type, 'breed', p.breed, 'size', p.size, 'weight_kg', p.weight_kg,
          'birth_date', p.birth_date::text, 'neutered', p.neutered, 'temperament', p.temperament, 'notes', p.notes,
          'photo_url', p.photo_url,
          'vaccinations', coalesce((
            select json_agg(json_build_object('vaccine', v.vaccine, 'given_on', v.given_on::text, 'has_certificate', v.certificate_key is not null) order by v.vaccine)
            from pet_vaccinations v where v.pet_id = p.id
          ), '[]'::json)
        ) order by p.created_at, p.id)
        from booking_pets bp join pets p on p.id = bp.pet_id where bp.booking_id = b.id
      ), '[]'::json) as pets
    from bookings b
    join listings l on l.id = b.listing_id
    join users g on g.id = b.owner_id
    join users h on h.id = l.host_id
    left join lateral (
      select sum(r.amount_paise)::int as refund_paise,
        case when bool_or(r.status = 'failed') then 'failed' when bool_and(r.status = 'processed') then 'refunded' else 'pending' end as refund_status
      from refunds r where r.booking_id = b.id
      having count(*) > 0
    ) rf on true
    where ${where}
    order by b.created_at desc, b.id desc
  `);
}

/** One booking, whoever asks (the caller has checked who may see it). */
export async function selectBookingById(db: Db, id: string): Promise<BookingRow | undefined> {
  return (await selectBookings(db, sql`b.id = ${id}`))[0];
}

/** One booking if `userId` is its guest or its host. */
export async function selectBookingOfMember(db: Db, id: string, userId: string): Promise<BookingRow | undefined> {
  return (await selectBookings(db, sql`b.id = ${id} and (b.owner_id = ${userId} or l.host_id = ${userId})`))[0];
}

/** The guest's bookings, newest first. */
export const selectGuestBookings = (db: Db, guestId: string) => selectBookings(db, sql`b.owner_id = ${guestId}`);

/** The bookings of the host's listings, newest first; only those in `status` when given. */
export function selectHostBookings(db: Db, hostId: string, status?: BookingStatus): Promise<BookingRow[]> {
  const where = status ? sql`l.host_id = ${hostId} and b.status = ${status}` : sql`l.host_id = ${hostId}`;
  return selectBookings(db, where);
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
    cancellation_policy: r.cancellation_policy,
    created_at: iso(r.created_at),
    payment_due_at: isoOrNull(r.payment_due_at),
    paid_at: isoOrNull(r.paid_at),
    cancelled_by: r.cancelled_by,
    refund: r.refund_paise === null || r.refund_status === null ? null : { amount_paise: r.refund_paise, status: r.refund_status },
    documents: r.documents,
  };
}

/** Pay makes sense: awaiting payment, and not yet due (the lifecycle job lapses it then). */
const canPay = (r: Pick<BookingRow, 'status' | 'payment_due_at'>, now: Date) =>
  r.status === 'awaiting_payment' && r.payment_due_at !== null && new Date(r.payment_due_at).getTime() > now.getTime();

/**
 * The stay's home; its address to its host, and to its guest when the stay shows it
 * (domain/location.ts), with when it will otherwise.
 */
function listingOf(r: BookingRow, viewer: 'guest' | 'host', now: Date) {
  const shown = viewer === 'host' || paidStayShowsAddress(r, now);
  const comes = viewer === 'guest' ? addressComesAt(r, now) : null;
  return {
    id: r.listing_id,
    title: r.listing_title,
    locality: r.listing_locality,
    city: r.listing_city,
    state: r.listing_state,
    address: shown ? r.listing_address : null,
    address_from: comes && comes.toISOString(),
    cover_photo_url: r.cover_photo_url,
  };
}
const isOpenStay = (r: Pick<BookingRow, 'status' | 'end_date'>, today: IsoDate) => bringsPets(r.status, r.end_date, today);

/**
 * The stay's pets; their certificates open for the guest, and for the host while the stay is
 * open (the certificate route holds the same rule).
 */
function petsOf(r: BookingRow, certificatesOpen: boolean): PetOnStay[] {
  return r.pets.map(({ vaccinations: given, ...pet }) => {
    const vaccinations: PetOnStay['vaccinations'] = { rabies: null, core: null };
    for (const v of given) {
      vaccinations[v.vaccine] = {
        given_on: v.given_on,
        due_on: vaccinationDueOn(v.given_on),
        certificate_url: v.has_certificate && certificatesOpen ? certificatePath(pet.id, v.vaccine) : null,
      };
    }
    return { ...pet, vaccinations };
  });
}
const payoutOf = (r: BookingRow) => r.price_subtotal_inr - r.platform_fee_inr;

/** Accept and Decline make sense: still requested, and not lapsed (see requestOverdue). */
export const canRespond = (r: Pick<BookingRow, 'status' | 'start_date' | 'created_at'>, today: IsoDate, now: Date) =>
  r.status === 'requested' && !requestOverdue(r.start_date, new Date(r.created_at), today, now);

export function toGuestBooking(r: BookingRow, today: IsoDate, now: Date): GuestBooking {
  return {
    ...stay(r),
    price_subtotal_inr: r.price_subtotal_inr,
    taxes_inr: r.taxes_inr,
    total_inr: r.total_inr,
    listing: listingOf(r, 'guest', now),
    pets: r.pets.map((p) => ({ id: p.id, name: p.name })),
    can_cancel: canCancel(r.status, r.start_date, today),
    can_pay: canPay(r, now),
  };
}

export function toHostBooking(r: BookingRow, today: IsoDate, now: Date): HostBooking {
  return {
    ...stay(r),
    host_payout_inr: payoutOf(r),
    responded_at: isoOrNull(r.responded_at),
    guest: { name: r.guest_name },
    pets: petsOf(r, isOpenStay(r, today)),
    listing: { id: r.listing_id, title: r.listing_title },
    can_respond: canRespond(r, today, now),
    can_host_cancel: hostCanCancel(r.status, r.start_date, today),
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
    listing: listingOf(r, isGuest ? 'guest' : 'host', now),
    guest: { name: r.guest_name },
    pets: petsOf(r, isGuest || isOpenStay(r, today)),
    can_cancel: isGuest && canCancel(r.status, r.start_date, today),
    can_pay: isGuest && canPay(r, now),
    can_respond: !isGuest && canRespond(r, today, now),
    can_host_cancel: !isGuest && hostCanCancel(r.status, r.start_date, today),
  };
}

// Requests (service.ts).

/** The listing's fields a quote or a request needs, whatever its status (the service refuses paused ones). */
export async function selectListingForBooking(db: Db, id: string) {
  const [row] = await db
    .select({
      id: listings.id,
      host_id: listings.hostId,
      nightly_price_inr: listings.nightlyPriceInr,
      size_supported: listings.sizeSupported,
      pet_types: listings.petTypes,
      max_pets: listings.maxPets,
      vaccinations_required: listings.vaccinationsRequired,
      listed: listings.listed,
      cancellation_policy: listings.cancellationPolicy,
    })
    .from(listings)
    .where(eq(listings.id, id));
  return row;
}

const policyPetRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PET_TYPES),
  size: z.enum(PET_SIZES),
  rabies: z.string().nullable(),
  core: z.string().nullable(),
});

/** The guest's pets as the pet policy reads them, oldest first: the order in which a pet of the requested size is chosen. */
export async function selectPetsOfGuest(db: Db, guestId: string, lock = false): Promise<PolicyPet[]> {
  // Locked (in a request's transaction): held against a deletion or a change of the profile until it ends.
  const rows = await queryRows(db, policyPetRow, sql`
    select p.id, p.name, p.type, p.size,
      (select v.given_on::text from pet_vaccinations v where v.pet_id = p.id and v.vaccine = 'rabies') as rabies,
      (select v.given_on::text from pet_vaccinations v where v.pet_id = p.id and v.vaccine = 'core') as core
    from pets p where p.owner_id = ${guestId}
    order by p.created_at, p.id
    ${lock ? sql`for share of p` : sql``}
  `);
  return rows.map(({ rabies, core, ...pet }) => ({ ...pet, vaccinations: { rabies, core } }));
}

/** Holds the guest's requests lock until `tx` ends: requests sent at once are counted one after another. */
export const lockGuestRequests = (tx: Db, guestId: string) => lockNamed(tx, `open requests ${guestId}`);

/** The guest's requests of the last 24 hours, counted (each count cast to int: a number on both drivers). */
const sentRequestsRow = z.object({ open: z.number().int(), openHere: z.number().int(), total: z.number().int(), here: z.number().int() });

export type SentRequests = z.infer<typeof sentRequestsRow>;

/** How many requests the guest has open and has sent in 24 hours, in all and for `listingId`. */
export async function countRecentRequests(tx: Db, guestId: string, listingId: string, today: IsoDate): Promise<SentRequests> {
  // Open as requestOverdue has it: unanswered, not yet 24 hours old, and its start day not over.
  // One read of the guest's requests of the last 24 hours (on bookings_owner_idx): a request
  // lives at most that long, so the open ones are among them.
  const [sent] = await queryRows(tx, sentRequestsRow, sql`
    with recent as (
      select listing_id, status = 'requested' and start_date >= ${today}::date as open
      from bookings
      where owner_id = ${guestId} and created_at > now() - make_interval(hours => ${REQUEST_TTL_HOURS})
    )
    select (count(*) filter (where open))::int as open,
      (count(*) filter (where open and listing_id = ${listingId}))::int as "openHere",
      count(*)::int as total,
      (count(*) filter (where listing_id = ${listingId}))::int as here
    from recent
  `);
  return sent!; // an aggregate without group by: always one row
}

const takenHoldRow = z.object({ id: z.string() });

/** Whether any night of [from, to) is held on the listing (an accepted stay or blocked by its host). */
export async function isAnyNightHeld(db: Db, listingId: string, from: IsoDate, to: IsoDate): Promise<boolean> {
  const taken = await queryRows(db, takenHoldRow, sql`
    select id from calendar_holds
    where listing_id = ${listingId} and during && daterange(${from}::date, ${to}::date, '[)')
    limit 1
  `);
  return taken.length > 0;
}

/** Inserts a booking; returns its id. */
/** Stores a booking and the pets it is for. */
export async function insertBooking(tx: Db, values: typeof bookings.$inferInsert, petIds: readonly string[]): Promise<string> {
  const [created] = await tx.insert(bookings).values(values).returning({ id: bookings.id });
  await tx.insert(bookingPets).values(petIds.map((petId) => ({ bookingId: created!.id, petId })));
  return created!.id;
}

// Answers and cancels (transitions.ts).

// Dates as ::text (IsoDate); created_at, a timestamptz, is text on both drivers too (or a Date, decision 023).
const lockedRow = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  listing_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  created_at: instantColumn,
  cancellation_policy: z.enum(CANCELLATION_POLICIES),
  price_subtotal_inr: z.number().int(),
  taxes_inr: z.number().int(),
  platform_fee_inr: z.number().int(),
});

export type LockedBooking = z.infer<typeof lockedRow>;

/** The booking, locked until the transaction ends, if `who` (its listing's host, or its guest) may act on it. */
export async function lockBookingForUpdate(
  tx: Db,
  id: string,
  who: { hostId: string } | { guestId: string },
): Promise<LockedBooking | undefined> {
  const allowed = 'hostId' in who ? sql`l.host_id = ${who.hostId}` : sql`b.owner_id = ${who.guestId}`;
  const [row] = await queryRows(tx, lockedRow, sql`
    select b.id, b.status, b.listing_id, b.start_date::text as start_date, b.end_date::text as end_date, b.created_at,
      b.cancellation_policy, b.price_subtotal_inr, b.taxes_inr, b.platform_fee_inr
    from bookings b join listings l on l.id = b.listing_id
    where b.id = ${id} and ${allowed}
    for update of b
  `);
  return row;
}

/**
 * Within a new request's transaction: whether its guest is still in good standing and its listing
 * still listed, each row share-locked until the request commits, so that a suspension (which
 * locks and changes them) waits for the request, or the request for the suspension and sees it.
 */
export async function lockRequestParties(tx: Db, guestId: string, listingId: string): Promise<{ guest_active: boolean; listed: boolean }> {
  const [row] = await queryRows(tx, z.object({ guest_active: z.boolean().nullable(), listed: z.boolean().nullable() }), sql`
    select (select suspended_at is null from users where id = ${guestId} for share) as guest_active,
      (select listed from listings where id = ${listingId} for share) as listed
  `);
  return { guest_active: row?.guest_active === true, listed: row?.listed === true };
}

/**
 * Every open booking (a request, a stay awaiting payment or paid) in which `userId` is the host or
 * the guest, locked until the transaction ends, with which side they are on. In id order, so that
 * two transactions locking several never wait on each other in a circle.
 */
export async function lockOpenBookingsOf(tx: Db, userId: string): Promise<(LockedBooking & { side: 'host' | 'guest' })[]> {
  return queryRows(tx, lockedRow.extend({ side: z.enum(['host', 'guest']) }), sql`
    select b.id, b.status, b.listing_id, b.start_date::text as start_date, b.end_date::text as end_date, b.created_at,
      b.cancellation_policy, b.price_subtotal_inr, b.taxes_inr, b.platform_fee_inr,
      case when l.host_id = ${userId} then 'host' else 'guest' end as side
    from bookings b join listings l on l.id = b.listing_id
    where (l.host_id = ${userId} or b.owner_id = ${userId}) and b.status in ('requested', 'awaiting_payment', 'confirmed')
    order by b.id
    for update of b
  `);
}

/** Sets the booking's status; `responded` also stamps responded_at (the host's answer). */
export const updateBookingStatus = (tx: Db, id: string, status: BookingStatus, responded = false) =>
  tx.execute(sql`update bookings set status = ${status}, updated_at = now()${responded ? sql`, responded_at = now()` : sql``} where id = ${id}`);

/** The host's accept: awaiting payment until `dueAt`. */
export const markAwaitingPayment = (tx: Db, id: string, dueAt: Date) =>
  tx.execute(sql`
    update bookings set status = 'awaiting_payment', payment_due_at = ${dueAt.toISOString()}::timestamptz, responded_at = now(), updated_at = now()
    where id = ${id}
  `);

/** Paid: the stay is confirmed. */
export const markPaid = (tx: Db, id: string) =>
  tx.execute(sql`update bookings set status = 'confirmed', paid_at = now(), updated_at = now() where id = ${id}`);

/** Cancelled, by the guest or the host. */
export const markCancelled = (tx: Db, id: string, by: 'guest' | 'host') =>
  tx.execute(sql`update bookings set status = 'cancelled', cancelled_by = ${by}, updated_at = now() where id = ${id}`);

/**
 * Locks the listing's row until `tx` ends, so that accepts of one listing take turns on it: two
 * concurrent inserts that collide in the exclusion constraint would otherwise wait on each other
 * until PostgreSQL's deadlock detector kills one (a second later). NO KEY UPDATE leaves bookings'
 * foreign-key checks free.
 */
export const lockListingForAccept = (tx: Db, listingId: string) =>
  tx.execute(sql`select id from listings where id = ${listingId} for no key update`);

// The lifecycle job (lifecycle.ts).

const dueRow = z.object({ id: z.string(), status: z.enum(['requested', 'awaiting_payment', 'confirmed']) });

/**
 * Up to `limit` bookings due to move on (overdue requests, unpaid stays past their payment
 * deadline, confirmed stays past check-out), oldest first, locked until `tx` ends; rows another
 * run holds are skipped. `now` is the clock the deadlines are read against.
 */
export function lockDueBookings(tx: Db, today: IsoDate, now: Date, limit: number) {
  return queryRows(tx, dueRow, sql`
    select id, status from bookings
    where (status = 'requested' and (start_date < ${today}::date or created_at <= ${now.toISOString()}::timestamptz - make_interval(hours => ${REQUEST_TTL_HOURS})))
       or (status = 'awaiting_payment' and payment_due_at <= ${now.toISOString()}::timestamptz)
       or (status = 'confirmed' and end_date < ${today}::date)
    order by created_at
    limit ${limit}
    for update skip locked
  `);
}

const idList = (list: string[]) => sql`(${sql.join(list.map((id) => sql`${id}::uuid`), sql`, `)})`;

/** Marks the bookings completed; `ids` must not be empty. */
export const completeBookings = (tx: Db, ids: string[]) =>
  tx.execute(sql`update bookings set status = 'completed', updated_at = now() where id in ${idList(ids)}`);

/** A request expired or a stay lapsed, told to its guest (and host); dates as ::text (IsoDate). */
const settledRow = z.object({
  id: z.string(),
  guest_email: z.string(),
  guest_name: z.string(),
  host_email: z.string(),
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  total_inr: z.number().int(),
});

export type SettledBooking = z.infer<typeof settledRow>;

/**
 * Moves the bookings to `status` (expired requests, lapsed stays); returns each with what the
 * e-mails say. `ids` must not be empty.
 */
export function settleBookings(tx: Db, ids: string[], status: 'expired' | 'lapsed') {
  return queryRows(tx, settledRow, sql`
    with changed as (
      update bookings set status = ${status}, updated_at = now() where id in ${idList(ids)}
      returning id, owner_id, listing_id, start_date, end_date, total_inr
    )
    select c.id, g.email as guest_email, coalesce(nullif(btrim(g.name), ''), split_part(g.email, '@', 1)) as guest_name,
      h.email as host_email, l.title as listing_title, c.start_date::text as start_date, c.end_date::text as end_date, c.total_inr
    from changed c join users g on g.id = c.owner_id join listings l on l.id = c.listing_id join users h on h.id = l.host_id
  `);
}
