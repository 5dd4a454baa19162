import { BOOKING_MESSAGES } from '../../../domain/booking-form';
import type { CancellationPolicy } from '../../../domain/money/cancellation';
import { type BookingStatus, DAILY_REQUEST_LIMITS, OPEN_REQUEST_LIMITS, REQUEST_LIMIT_MESSAGES, stayProblem } from '../../../domain/bookings';
import { daysBetween, type IsoDate, todayInIndia } from '../../../domain/dates';
import { type PetPolicy, type PolicyPet, type PolicyProblem, policyProblems } from '../../../domain/pet-policy';
import { type StaySize, STAY_SIZE_LABELS, STAY_SIZES, staySizeOf } from '../../../domain/pet-sizes';
import type { PetType } from '../../../domain/pet-types';
import { calculateBookingCost } from '../../../domain/money/pricing';
import type { Db } from '../../db/client';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../http/errors';
import { newBookingRequestMail } from '../../mail/bookings';
import { tellHost } from './notices';
import {
  countRecentRequests,
  insertBooking,
  isAnyNightHeld,
  lockGuestRequests,
  lockRequestParties,
  selectBookingById,
  selectBookingOfMember,
  selectGuestBookings,
  selectHostBookings,
  selectListingForBooking,
  selectPetsOfGuest,
  toBookingDetail,
  toGuestBooking,
  toHostBooking,
} from './queries';
import { type BookingDetail, type GuestBooking, type HostBooking, type Quote, quoteInRupees } from '../../../domain/contracts/booking';

// The booking service: the one place where quotes are priced and requests are made, whichever
// screen asks (the listing page names a pet, the search sheet a size). Prices come only from
// domain/pricing.ts on the listing's stored price; the client's figures never reach this file.

/**
 * Queues the refund of a paid stay being cancelled, in the cancellation's transaction (payments'
 * queueRefund): handed in by whoever builds BookingDeps, because payments calls the bookings'
 * moves (confirmPaid) and the two modules' indexes may not import each other.
 */
export type QueueRefund = (
  tx: Db,
  r: { bookingId: string; reason: 'guest_cancelled' | 'host_cancelled'; percent: number; cost: { price_subtotal_paise: number; taxes_paise: number; platform_fee_paise: number } },
) => Promise<number | undefined>;

/**
 * What the bookings' services need: the database, for their e-mails the site's address and
 * whether payments are in test mode, and the refunds of cancelled paid stays.
 */
export type BookingDeps = { db: Db; publicUrl: string; testMode: boolean; refund: QueueRefund };

export const BOOKING_ERRORS = {
  datesTaken: /*i18n*/ 'These dates are not available',
  overlap: /*i18n*/ 'These dates overlap another accepted stay or blocked dates',
  noPet: BOOKING_MESSAGES.noPet,
} as const;

/** Why a booking in `status` cannot take the action asked: it has moved on. */
export const STATUS_CONFLICT: Record<BookingStatus, string> = {
  requested: /*i18n*/ 'This booking is still waiting for the host',
  awaiting_payment: /*i18n*/ 'This booking has already been accepted',
  confirmed: /*i18n*/ 'This booking has already been accepted',
  in_stay: /*i18n*/ 'This stay has already started',
  declined: /*i18n*/ 'This booking has already been declined',
  cancelled: /*i18n*/ 'This booking has been cancelled',
  expired: /*i18n*/ 'This request has expired',
  lapsed: /*i18n*/ 'This stay was not paid in time',
  completed: /*i18n*/ 'This stay is already completed',
};

export const bookingNotFound = () => notFound(/*i18n*/ 'Booking not found');

type BookableListing = {
  id: string;
  host_id: string;
  nightly_price_inr: number;
  cancellation_policy: CancellationPolicy;
} & PetPolicy;

const NOT_TAKING_BOOKINGS = /*i18n*/ 'This home is not taking bookings right now';

/** A listed listing, or a 404: paused or hidden listings take no quotes and no requests. */
async function bookableListing(db: Db, id: string): Promise<BookableListing> {
  const row = await selectListingForBooking(db, id);
  if (!row) throw notFound(/*i18n*/ 'Listing not found');
  if (!row.listed) throw notFound(NOT_TAKING_BOOKINGS);
  return { ...row, size_supported: row.size_supported as StaySize[], pet_types: row.pet_types as PetType[] };
}

function assertStayDates(from: IsoDate, to: IsoDate, today: IsoDate): void {
  const problem = stayProblem(from, to, today);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
}

export async function quoteBooking(db: Db, input: { listingId: string; fromDate: IsoDate; toDate: IsoDate }): Promise<Quote> {
  const listing = await bookableListing(db, input.listingId);
  assertStayDates(input.fromDate, input.toDate, todayInIndia());
  return quoteInRupees(calculateBookingCost(listing.nightly_price_inr, daysBetween(input.fromDate, input.toDate), input.fromDate));
}

export type NewBooking = { listingId: string; fromDate: IsoDate; toDate: IsoDate; note: string } & (
  | { petIds: string[] }
  | { size: StaySize }
);

/** The policy's refusals as one answer: every failed rule, by name (domain/pet-policy.ts). */
function policyRefused(problems: PolicyProblem[], field: 'petIds' | 'size'): HttpError {
  const message = problems.map((p) => p.message).join('. ');
  return new HttpError(400, 'pet_policy', message, { [field]: message });
}

const largestSize = (pets: readonly PolicyPet[]): StaySize => {
  const bands = pets.map((p) => staySizeOf(p.size));
  return [...STAY_SIZES].reverse().find((s) => bands.includes(s))!;
};

/**
 * The pets that come, checked against the listing's pet policy on the stay's first day. The
 * listing page names them (each must be the guest's); the search sheet names a size, and the
 * guest's oldest pet of that size that the policy welcomes comes. Checked in the order a guest
 * can act on: no pet at all, a size the home does not take, no pet of that size, then the policy.
 */
async function choosePets(db: Db, guestId: string, input: NewBooking, listing: BookableListing, lock = false): Promise<{ pets: PolicyPet[]; size: StaySize }> {
  const mine = await selectPetsOfGuest(db, guestId, lock);
  if (mine.length === 0) throw new HttpError(400, 'no_pet', BOOKING_ERRORS.noPet);
  if ('petIds' in input) {
    const named = input.petIds.map((id) => mine.find((p) => p.id === id));
    if (named.some((p) => !p)) throw notFound(/*i18n*/ 'Pet not found');
    const pets = named as PolicyPet[];
    const problems = policyProblems(listing, pets, input.fromDate);
    if (problems.length > 0) throw policyRefused(problems, 'petIds');
    return { pets, size: largestSize(pets) };
  }
  const { size } = input;
  if (!listing.size_supported.includes(size)) {
    const message = `This home does not accept ${size} pets`;
    throw badRequest(message, { size: message });
  }
  const ofSize = mine.filter((p) => staySizeOf(p.size) === size);
  if (ofSize.length === 0) {
    const message = `None of your pets is ${STAY_SIZE_LABELS[size].toLowerCase()}. Please add its pet profile first`;
    throw new HttpError(400, 'no_pet_of_size', message, { size: message });
  }
  const welcome = ofSize.find((p) => policyProblems(listing, [p], input.fromDate).length === 0);
  if (!welcome) throw policyRefused(policyProblems(listing, [ofSize[0]!], input.fromDate), 'size');
  return { pets: [welcome], size };
}

/**
 * Refuses a request past the guest's limits on open requests and on requests sent in 24 hours
 * (domain/bookings.ts). Run in the request's transaction after a lock on the guest, so requests
 * sent at once are counted one after another and none slips past a limit.
 */
async function assertMayRequest(tx: Db, guestId: string, listingId: string, today: IsoDate): Promise<void> {
  await lockGuestRequests(tx, guestId);
  const sent = await countRecentRequests(tx, guestId, listingId, today);
  const tooMany = (code: string, message: string) => new HttpError(429, code, message);
  if (sent.openHere >= OPEN_REQUEST_LIMITS.perListing) throw tooMany('too_many_open_requests', REQUEST_LIMIT_MESSAGES.perListing);
  if (sent.open >= OPEN_REQUEST_LIMITS.total) throw tooMany('too_many_open_requests', REQUEST_LIMIT_MESSAGES.total);
  if (sent.here >= DAILY_REQUEST_LIMITS.perListing) throw tooMany('too_many_requests_today', REQUEST_LIMIT_MESSAGES.perListingPerDay);
  if (sent.total >= DAILY_REQUEST_LIMITS.total) throw tooMany('too_many_requests_today', REQUEST_LIMIT_MESSAGES.perDay);
}

/** A new request (status requested), priced by the server; the host is e-mailed. */
export async function requestBooking(deps: Omit<BookingDeps, 'refund'>, guestId: string, input: NewBooking): Promise<BookingDetail> {
  const { db } = deps;
  const today = todayInIndia();
  const listing = await bookableListing(db, input.listingId);
  if (listing.host_id === guestId) throw new HttpError(403, 'own_listing', /*i18n*/ 'You cannot book your own home');
  assertStayDates(input.fromDate, input.toDate, today);
  // Checked first for the answer a guest can act on; checked again below on the pets as they are locked.
  await choosePets(db, guestId, input, listing);
  // Only nights nobody can sell are taken; other requests may overlap (the host picks one).
  if (await isAnyNightHeld(db, listing.id, input.fromDate, input.toDate)) {
    throw new HttpError(409, 'dates_unavailable', BOOKING_ERRORS.datesTaken, { fromDate: BOOKING_ERRORS.datesTaken });
  }

  const cost = calculateBookingCost(listing.nightly_price_inr, daysBetween(input.fromDate, input.toDate), input.fromDate);
  // The request and the host's e-mail commit together: the mail goes out exactly when the request exists.
  const row = await db.transaction(async (tx) => {
    const parties = await lockRequestParties(tx, guestId, listing.id);
    if (!parties.guest_active) throw unauthorized();
    if (!parties.listed) throw notFound(NOT_TAKING_BOOKINGS);
    await assertMayRequest(tx, guestId, listing.id, today);
    // The pets are read again under a share lock held until the request is stored: a profile
    // changed or deleted meanwhile (both lock the pet for update) is judged as it now is.
    const chosen = await choosePets(tx, guestId, input, listing, true);
    const createdId = await insertBooking(tx, {
      listingId: listing.id,
      ownerId: guestId,
      startDate: input.fromDate,
      endDate: input.toDate,
      nights: cost.nights,
      size: chosen.size,
      note: input.note,
      priceSubtotalPaise: cost.subtotal_paise,
      taxesPaise: cost.taxes_paise,
      platformFeePaise: cost.platform_fee_paise,
      totalPaise: cost.total_paise,
      cancellationPolicy: listing.cancellation_policy,
      status: 'requested',
    }, chosen.pets.map((p) => p.id));
    const stored = (await selectBookingById(tx, createdId))!;
    const pets = stored.pets.map((p) => ({ name: p.name, type: p.type, size: staySizeOf(p.size) }));
    const message = newBookingRequestMail({
      to: stored.host_email,
      guestName: stored.guest_name,
      listingTitle: stored.listing_title,
      startDate: stored.start_date,
      endDate: stored.end_date,
      nights: stored.nights,
      pets,
      hostPayoutPaise: cost.host_payout_paise,
      note: stored.note,
      publicUrl: deps.publicUrl,
      testMode: deps.testMode,
    });
    await tellHost(tx, stored, 'request_received', message);
    return stored;
  });
  return toBookingDetail(row, guestId, today, new Date());
}

export async function listGuestBookings(db: Db, guestId: string): Promise<GuestBooking[]> {
  const [today, now] = [todayInIndia(), new Date()];
  return (await selectGuestBookings(db, guestId)).map((r) => toGuestBooking(r, today, now));
}

export async function listHostBookings(db: Db, hostId: string, status?: BookingStatus): Promise<HostBooking[]> {
  const [today, now] = [todayInIndia(), new Date()];
  return (await selectHostBookings(db, hostId, status)).map((r) => toHostBooking(r, today, now));
}

/** A booking for its guest or its host; anyone else gets the same 404 as for a missing one. */
export async function getBooking(db: Db, userId: string, id: string): Promise<BookingDetail> {
  const row = await selectBookingOfMember(db, id, userId);
  if (!row) throw bookingNotFound();
  return toBookingDetail(row, userId, todayInIndia(), new Date());
}
