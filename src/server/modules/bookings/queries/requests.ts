import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { REQUEST_TTL_HOURS } from '../../../../domain/bookings';
import type { IsoDate } from '../../../../domain/dates';
import type { PolicyPet } from '../../../../domain/pet-policy';
import { PET_SIZES } from '../../../../domain/pet-sizes';
import { PET_TYPES } from '../../../../domain/pet-types';
import type { Db } from '../../../db/client';
import { lockNamed, queryRows } from '../../../db/rows';
import { bookingPets, bookings, listings } from '../../../db/schema';

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
