import { randomInt } from 'node:crypto';
import { cityCentre, DEFAULT_CITY } from '../../../domain/cities';
import { paidStayShowsAddress, type Position, publicPositionFor } from '../../../domain/location';
import { sendsDailyUpdates } from '../../../domain/stays/daily-updates';
import type { ListingCard, ListingCreate, ListingDetail, ListingUpdate } from '../../../domain/contracts/listing';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { selectFeaturedListingCards } from './queries/cards';
import { insertListing, isOwnListing, type ListingColumns, lockHostPlaces, selectListingDetail, updateOwnListing, type Viewer } from './queries/listings';

// A listing belongs to its host: every write names the host, and another host's listing is
// indistinguishable from a missing one (404), so ids cannot be probed.

export const listingNotFound = () => notFound('Listing not found');

/** 404 unless `listingId` is one of `hostId`'s listings (any status). */
export async function assertOwnListing(db: Db, hostId: string, listingId: string): Promise<void> {
  if (!(await isOwnListing(db, hostId, listingId))) throw listingNotFound();
}

/**
 * The public position of a host's pin: the one of the place it is at, else a cryptographic draw,
 * so that no one can undo the move. Within `tx`, which holds the host's places until it ends.
 */
async function publicPositionOf(tx: Db, hostId: string, exact: Position): Promise<Position> {
  const places = await lockHostPlaces(tx, hostId);
  return publicPositionFor(exact, places, () => randomInt(0, 1_000_000) / 1_000_000);
}

/** The API's snake_case fields as the table's columns; fields left out stay out. */
function toColumns(input: ListingUpdate): Partial<ListingColumns> {
  const {
    nightly_price_inr,
    deposit_inr,
    size_supported,
    max_pets,
    cancellation_policy,
    pet_types,
    vaccinations_required,
    meet_required,
    house_rules,
    house_rules_note,
    host_pets,
    lat: _lat,
    lng: _lng,
    ...same
  } = input;
  return {
    ...same,
    ...(pet_types === undefined ? {} : { petTypes: pet_types }),
    ...(vaccinations_required === undefined ? {} : { vaccinationsRequired: vaccinations_required }),
    ...(meet_required === undefined ? {} : { meetRequired: meet_required }),
    ...(house_rules === undefined ? {} : { houseRules: house_rules }),
    ...(house_rules_note === undefined ? {} : { houseRulesNote: house_rules_note }),
    ...(host_pets === undefined ? {} : { hostPets: host_pets }),
    ...(nightly_price_inr === undefined ? {} : { nightlyPriceInr: nightly_price_inr }),
    ...(deposit_inr === undefined ? {} : { depositInr: deposit_inr }),
    ...(size_supported === undefined ? {} : { sizeSupported: size_supported }),
    ...(max_pets === undefined ? {} : { maxPets: max_pets }),
    ...(cancellation_policy === undefined ? {} : { cancellationPolicy: cancellation_policy }),
  };
}

/**
 * Stores a new listing under `hostId`, active; verified only when its host is (verification is an
 * operator's to grant, whatever the body says).
 */
export async function createListing(db: Db, hostId: string, input: ListingCreate): Promise<ListingDetail> {
  const exact = { lat: input.lat, lng: input.lng };
  const id = await db.transaction(async (tx) =>
    insertListing(tx, {
      ...toColumns(input),
      title: input.title,
      description: input.description,
      address: input.address,
      locality: input.locality,
      city: input.city,
      state: input.state,
      nightlyPriceInr: input.nightly_price_inr,
      ...(await publicPositionOf(tx, hostId, exact)),
      exactLat: exact.lat,
      exactLng: exact.lng,
      sizeSupported: input.size_supported,
      hostId,
      status: 'active',
    }),
  );
  return (await getListingDetail(db, id, { id: hostId, operator: false }))!;
}

export async function updateListing(db: Db, hostId: string, id: string, changes: ListingUpdate): Promise<ListingDetail> {
  const columns = toColumns(changes);
  await db.transaction(async (tx) => {
    if (changes.lat !== undefined || changes.lng !== undefined) {
      const before = await getListingDetail(tx, id, { id: hostId, operator: false });
      if (!before?.is_owner) throw listingNotFound();
      const exact = { lat: changes.lat ?? before.lat, lng: changes.lng ?? before.lng };
      // Only a moved pin is placed again, and a pin nudged within its place keeps its position:
      // drawing one at every save would hand out positions around the home whose average is the home.
      if (exact.lat !== before.lat || exact.lng !== before.lng) Object.assign(columns, await publicPositionOf(tx, hostId, exact), { exactLat: exact.lat, exactLng: exact.lng });
    }
    if (!(await updateOwnListing(tx, hostId, id, columns))) throw listingNotFound();
  });
  return (await getListingDetail(db, id, { id: hostId, operator: false }))!;
}

/**
 * One listing with its photos, host and rating, in one query; undefined when it does not exist.
 * Visibility (inactive listings are the host's alone) is the caller's: see `viewListing`.
 */
export async function getListingDetail(db: Db, id: string, viewer: Viewer): Promise<ListingDetail | undefined> {
  const row = await selectListingDetail(db, id, viewer);
  if (!row) return undefined;
  const { host_name, host_photo_url, host_joined, host_latest_stays, address, exact_lat, exact_lng, address_always, viewer_paid_stays, ...listing } = row;
  const now = new Date();
  const address_visible = address_always || viewer_paid_stays.some((stay) => paidStayShowsAddress(stay, now));
  return {
    ...listing,
    // The home's address and pin only for whom may see them (domain/location.ts).
    ...(address_visible ? { address, lat: exact_lat, lng: exact_lng } : { address: null }),
    exact_location: address_visible,
    host: { id: listing.host_id, name: host_name, photo_url: host_photo_url, joined: host_joined, sends_daily_updates: sendsDailyUpdates(host_latest_stays) },
    is_owner: viewer?.id === listing.host_id,
  };
}

/**
 * Who may see a listing and what hangs off it: everyone when listed; when paused, hidden or its
 * host suspended, only its host and operators (who act on reports of it).
 */
export const listingVisibleTo = (listing: { listed: boolean; host_id: string }, viewer: Viewer): boolean =>
  listing.listed || listing.host_id === viewer?.id || Boolean(viewer?.operator);

/** The listing page, for whom listingVisibleTo allows; else 404. */
export async function viewListing(db: Db, id: string, viewer: Viewer): Promise<ListingDetail> {
  const listing = await getListingDetail(db, id, viewer);
  if (!listing || !listingVisibleTo(listing, viewer)) throw listingNotFound();
  return listing;
}

/** The home page's handful of standout active listings: with photos, verified hosts first, then the best rated. */
export function featuredListingCards(db: Db): Promise<ListingCard[]> {
  return selectFeaturedListingCards(db, { limit: 8, centre: cityCentre(DEFAULT_CITY) });
}
