import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES, type BookingStatus, bringsPets, canCancel, hostCanCancel, requestOverdue } from '../../../../domain/bookings';
import { CANCELLATION_POLICIES } from '../../../../domain/money/cancellation';
import type { IsoDate } from '../../../../domain/dates';
import { storedVaccinationSchema } from '../../../../domain/contracts/pet';
import { certificatePath, vaccinationDueOn } from '../../../../domain/pet-profile';
import { addressComesAt, paidStayShowsAddress } from '../../../../domain/location';
import { STAY_SIZES } from '../../../../domain/pet-sizes';
import { stayStage } from '../../../../domain/stays/stage';
import { bookingTakesMeets, type MeetGate, meetBlocksAccept, meetPlace, meetStillMarkable, proposalProblem } from '../../../../domain/stays/meet';
import { meetRecordSchema, meetView } from '../../../../domain/contracts/meet';
import type { Db } from '../../../db/client';
import { instantColumn, iso, queryRows } from '../../../db/rows';
import { type BookingDetail, bookingInRupees, type GuestBooking, type HostBooking, type PetOnStay, petOnStaySchema } from '../../../../domain/contracts/booking';
import { taxDocumentSummarySchema } from '../../../../domain/contracts/tax-document';

// The bookings' SQL (decision 024), by concern: views.ts reads a booking as its guest and host see
// it, requests.ts makes one, moves.ts locks and moves them (status.ts calls these, and only it
// writes bookings.status). The service, transitions, status and lifecycle call them by name.

// One query shape for every view of a booking (guest list, host list, detail), so that the three
// cannot drift apart; each view maps the same row. Dates leave SQL as text: both drivers would
// otherwise turn a date into a local-midnight Date, which is the UTC trap PRODUCT.md warns of.

const meetGateRow = z.object({ meet_required: z.boolean(), stayed_with_host: z.boolean(), met_host: z.boolean() });

const bookingRow = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  start_date: z.string(), // IsoDate: ::text below
  end_date: z.string(),
  nights: z.number().int(),
  size: z.enum(STAY_SIZES),
  note: z.string(),
  cancellation_policy: z.enum(CANCELLATION_POLICIES),
  price_subtotal_paise: z.number().int(),
  taxes_paise: z.number().int(),
  platform_fee_paise: z.number().int(),
  total_paise: z.number().int(),
  created_at: instantColumn,
  responded_at: instantColumn.nullable(),
  payment_due_at: instantColumn.nullable(),
  paid_at: instantColumn.nullable(),
  checked_in_at: instantColumn.nullable(),
  /** Asked what happened to its arrival: the stays module's no-show (its stage line says so). */
  no_show: z.boolean(),
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
  host_name: z.string(),
  cover_photo_url: z.string().nullable(),
  // Meet & greet: the booking's current meet, and what the listing's wish for one needs.
  meet: meetRecordSchema.nullable(),
  meet_proposals: z.number().int(),
  ...meetGateRow.shape,
  // The stay's pets as their profiles are now, oldest first; a profile deleted since is left out.
  pets: z.array(petOnStaySchema.omit({ vaccinations: true }).extend({ vaccinations: z.array(storedVaccinationSchema) })),
});

export type BookingRow = z.infer<typeof bookingRow>;

/**
 * Over `b` bookings and `l` listings: whether the listing asks for a meet before a first stay,
 * whether the guest has stayed with its host (under way or completed), and whether the host
 * marked a meet with them Met, on any booking (the host's word: it opens their accept). Asked of
 * requests to such listings only: every other booking needs no answer.
 */
const meetGateColumns = sql`
  l.meet_required,
  case when l.meet_required and b.status = 'requested' then exists (
    select 1 from bookings s join listings sl on sl.id = s.listing_id
    where s.owner_id = b.owner_id and sl.host_id = l.host_id and s.status in ('in_stay', 'completed')
  ) else false end as stayed_with_host,
  case when l.meet_required and b.status = 'requested' then exists (
    select 1 from meets mm join bookings mb on mb.id = mm.booking_id join listings ml on ml.id = mb.listing_id
    where mb.owner_id = b.owner_id and ml.host_id = l.host_id and mm.outcome = 'met' and mm.outcome_by = l.host_id
  ) else false end as met_host`;

/** The accept's question, under the booking's lock: does this request wait for a meet? */
export async function selectMeetGate(tx: Db, bookingId: string): Promise<MeetGate> {
  const [row] = await queryRows(tx, meetGateRow, sql`
    select ${meetGateColumns} from bookings b join listings l on l.id = b.listing_id where b.id = ${bookingId}
  `);
  return { required: row!.meet_required, stayedBefore: row!.stayed_with_host, met: row!.met_host };
}

/** The bookings matching `where` (over `b` bookings, `l` listings), newest first. */
function selectBookings(db: Db, where: SQL): Promise<BookingRow[]> {
  return queryRows(db, bookingRow, sql`
    select b.id, b.status, b.start_date::text as start_date, b.end_date::text as end_date, b.nights, b.size, b.note, b.cancellation_policy,
      b.price_subtotal_paise, b.taxes_paise, b.platform_fee_paise, b.total_paise, b.created_at, b.responded_at,
      b.payment_due_at, b.paid_at, b.checked_in_at, b.cancelled_by,
      exists (select 1 from incidents i where i.booking_id = b.id and i.kind = 'no_show') as no_show, rf.refund_paise, rf.refund_status,
      coalesce((
        select json_agg(json_build_object('id', d.id, 'kind', d.kind, 'number', d.number, 'test_mode', d.test_mode) order by d.created_at, d.number)
        from tax_documents d where d.booking_id = b.id
      ), '[]'::json) as documents,
      b.owner_id, coalesce(nullif(btrim(g.name), ''), split_part(g.email, '@', 1)) as guest_name, g.email as guest_email,
      l.id as listing_id, l.title as listing_title, l.city as listing_city, l.state as listing_state,
      l.locality as listing_locality, l.address as listing_address, l.host_id, h.email as host_email, coalesce(nullif(btrim(h.name), ''), split_part(h.email, '@', 1)) as host_name,
      (select p.url from listing_photos_in_order p where p.listing_id = l.id and p.place = 1) as cover_photo_url,
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
      ), '[]'::json) as pets,
      (
        select json_build_object(
          'id', m.id, 'mode', m.mode, 'note', m.note, 'times', array_to_json(m.times), 'status', m.status, 'at', m.at, 'outcome', m.outcome,
          'proposed_by', case when m.proposed_by = l.host_id then 'host' else 'guest' end,
          'outcome_by', case when m.outcome_by is null then null when m.outcome_by = l.host_id then 'host' else 'guest' end
        )
        from meets m where m.booking_id = b.id and m.status <> 'replaced'
      ) as meet,
      (select count(*)::int from meets m where m.booking_id = b.id) as meet_proposals,
      ${meetGateColumns}
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

function stay(r: BookingRow, today: IsoDate) {
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
    stage: stayStage(r, today),
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
/**
 * Meet & greet on the booking, as `viewer` sees it (domain/stays/meet.ts); `address` when the
 * booking shows it. A booking that no longer takes meets still shows a confirmed one while it may
 * be marked.
 */
function meetFieldsOf(r: BookingRow, viewer: 'guest' | 'host', now: Date, address: string | null) {
  const place = meetPlace(address, r.listing_locality, r.listing_city);
  const open = bookingTakesMeets(r, now);
  const shown = r.meet && (open || (r.meet.status === 'confirmed' && meetStillMarkable(r.meet.at === null ? null : new Date(r.meet.at), now)));
  return {
    meet: shown ? meetView(r.meet!, viewer, now, place) : null,
    can_propose_meet: proposalProblem({ open, startDate: r.start_date, outcome: r.meet?.outcome ?? null, proposals: r.meet_proposals }, now) === null,
    meet_needed: r.status === 'requested' && meetBlocksAccept({ required: r.meet_required, stayedBefore: r.stayed_with_host, met: r.met_host }),
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

/** Accept and Decline make sense: still requested, and not lapsed (see requestOverdue). */
export const canRespond = (r: Pick<BookingRow, 'status' | 'start_date' | 'created_at'>, today: IsoDate, now: Date) =>
  r.status === 'requested' && !requestOverdue(r.start_date, new Date(r.created_at), today, now);

export function toGuestBooking(r: BookingRow, today: IsoDate, now: Date): GuestBooking {
  const { price_subtotal_inr, taxes_inr, total_inr } = bookingInRupees(r);
  const listing = listingOf(r, 'guest', now);
  return {
    ...stay(r, today),
    price_subtotal_inr,
    taxes_inr,
    total_inr,
    listing,
    host: { name: r.host_name },
    pets: r.pets.map((p) => ({ id: p.id, name: p.name })),
    can_cancel: canCancel(r.status, r.start_date, today),
    can_pay: canPay(r, now),
    ...meetFieldsOf(r, 'guest', now, listing.address),
  };
}

export function toHostBooking(r: BookingRow, today: IsoDate, now: Date): HostBooking {
  return {
    ...stay(r, today),
    host_payout_inr: bookingInRupees(r).host_payout_inr,
    responded_at: isoOrNull(r.responded_at),
    guest: { name: r.guest_name },
    pets: petsOf(r, isOpenStay(r, today)),
    listing: { id: r.listing_id, title: r.listing_title },
    can_respond: canRespond(r, today, now),
    can_host_cancel: hostCanCancel(r.status, r.start_date, today),
    ...meetFieldsOf(r, 'host', now, r.listing_address),
  };
}

export function toBookingDetail(r: BookingRow, viewerId: string, today: IsoDate, now: Date): BookingDetail {
  const isGuest = viewerId === r.owner_id;
  return {
    ...stay(r, today),
    viewer_role: isGuest ? 'guest' : 'host',
    ...bookingInRupees(r),
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
