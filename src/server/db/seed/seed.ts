import type { CancellationPolicy } from '../../../domain/money/cancellation';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { addDays, daysBetween, type IsoDate, todayInIndia } from '../../../domain/dates';
import { type Place, publicPositionFor } from '../../../domain/location';
import { type PolicyPet, policyProblems } from '../../../domain/pet-policy';
import { HOUSE_RULES, type HouseRule } from '../../../domain/pet-policy-labels';
import { VACCINES } from '../../../domain/pet-profile';
import { staySizeOf, type StaySize } from '../../../domain/pet-sizes';
import { calculateBookingCost } from '../../../domain/money/pricing';
import type { ObjectStore } from '../../storage';
import { deletePhotoFiles, type StoredPhoto, storePhoto } from '../../uploads/photo-store';
import type { Db } from '../client';
import { queryRows } from '../rows';
import { bookingPets, bookings, calendarHolds, listingPhotos, listings, petVaccinations, pets, reviews, users } from '../schema';
import {
  AREAS,
  DEMO_GUESTS,
  DEMO_HOSTS,
  DEMO_LISTINGS,
  DEMO_PHOTOS,
  type DemoListing,
  type DemoPet,
  type DemoPhoto,
  AWAITING_REVIEW,
  GUEST_REVIEWS,
  JITTER_DEGREES,
  LISTING_REVIEWS,
  PLACEHOLDER_COUNT,
  type PhotoKind,
} from './data';
import { placeholderPhoto, placeholderSpec } from './placeholder';

// The Ahmedabad demo: loaded once into an empty database at start-up (SEED_DEMO), in one
// transaction under an advisory lock so that two processes starting together cannot both load it.
// Everything is deterministic (seeded PRNG, name-derived ids); only dates move with today, so
// that future bookings stay in the future.

/** Any fixed number shared by every process of this app (the migration lock is 7_263_001). */
const SEED_LOCK_KEY = 7_263_002;

/** Fewer encoder passes than a host upload: the seed runs at every first start. */
const SEED_WEBP_EFFORT = 2;
const PHOTO_CONCURRENCY = 3;

// ------------------------------------------------------------------------------------------
// Deterministic helpers.

/** mulberry32: small, fast, good enough for demo data. */
function prng(label: string): () => number {
  let a = createHash('sha256').update(`pawstay-demo:${label}`).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('seed: pick from an empty list');
  return item;
}
function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A stable UUID (version 5 layout) for a demo entity, so every run gives the same ids. */
function demoId(name: string): string {
  const h = createHash('sha1').update(`pawstay-demo/${name}`).digest('hex');
  const variant = ((Number.parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An instant on a calendar date, India time. */
function at(date: IsoDate, hour: number, minute = 0): Date {
  const hh = String(hour).padStart(2, '0');
  const mm = String(minute).padStart(2, '0');
  return new Date(`${date}T${hh}:${mm}:00+05:30`);
}

/** `date`, or `minAgeDays` before today when `date` is later than that. */
function notAfter(date: IsoDate, today: IsoDate, minAgeDays: number): IsoDate {
  const latest = addDays(today, -minAgeDays);
  return daysBetween(date, latest) < 0 ? latest : date;
}

const firstName = (name: string) => name.split(' ')[0] ?? name;
const fill = (text: string, v: { pet: string; host: string; owner: string }) =>
  text.replaceAll('{pet}', v.pet).replaceAll('{host}', v.host).replaceAll('{owner}', v.owner);

// ------------------------------------------------------------------------------------------
// The plan: every row, computed in memory before anything touches the database.

type PhotoSource = { key: string; alt: string; load: () => Promise<Buffer> };

type PetRef = {
  id: string;
  ownerId: string;
  ownerName: string;
  pet: DemoPet;
  /** The owner's account date: no booking before it. */
  since: IsoDate;
  busy: [IsoDate, IsoDate][];
};

type Plan = {
  users: (typeof users.$inferInsert)[];
  pets: (typeof pets.$inferInsert)[];
  listings: (typeof listings.$inferInsert)[];
  bookings: (typeof bookings.$inferInsert)[];
  bookingPets: (typeof bookingPets.$inferInsert)[];
  vaccinations: (typeof petVaccinations.$inferInsert)[];
  /** The demo pets' photos (from the shared folder only). */
  petPhotos: { petId: string; source: PhotoSource }[];
  holds: (typeof calendarHolds.$inferInsert)[];
  reviews: (typeof reviews.$inferInsert)[];
  /** Per listing, in order: the photo sources it shows. */
  listingPhotos: { listingId: string; sources: PhotoSource[] }[];
  sources: PhotoSource[];
};

/** Whether the home's pet policy welcomes the pet for a stay from `on`, as a request is judged (domain/pet-policy.ts). */
function fitsListing(pet: DemoPet, listing: DemoListing, on: IsoDate, today: IsoDate): boolean {
  const given = (days: number | null) => (days === null ? null : addDays(today, -days));
  const policyPet: PolicyPet = { id: pet.name, name: pet.name, type: pet.type, size: pet.size, vaccinations: { rabies: given(pet.vaccinated.rabies), core: given(pet.vaccinated.core) } };
  const policy = demoPetPolicy(listing, DEMO_LISTINGS.indexOf(listing));
  return policyProblems({ pet_types: policy.petTypes, size_supported: listing.sizes, max_pets: listing.maxPets, vaccinations_required: policy.vaccinationsRequired }, [policyPet], on).length === 0;
}

const overlaps = (a: [IsoDate, IsoDate], b: [IsoDate, IsoDate]) => a[0] < b[1] && b[0] < a[1];

/** Chooses the photo sequence of every listing: a distinct combination each. */
function planPhotos(photosDir: string, useFolder: boolean): { perListing: PhotoSource[][]; sources: PhotoSource[] } {
  const rng = prng('photos');
  const used = new Map<string, PhotoSource>();
  const seen = new Set<string>();
  const perListing: PhotoSource[][] = [];

  if (useFolder) {
    const available = DEMO_PHOTOS.filter((p) => existsSync(path.join(photosDir, p.file)));
    const of = (...kinds: PhotoKind[]) => available.filter((p) => kinds.includes(p.kind));
    const source = (p: DemoPhoto): PhotoSource => {
      const existing = used.get(p.file);
      if (existing) return existing;
      const created = { key: p.file, alt: p.alt, load: () => readFile(path.join(photosDir, p.file)) };
      used.set(p.file, created);
      return created;
    };
    for (const listing of DEMO_LISTINGS) {
      const exteriors = of(listing.home);
      const living = of('living');
      const inside = of('living', 'room');
      const petKinds: PhotoKind[] = listing.pets === 'dogs' ? ['dog'] : listing.pets === 'cats' ? ['cat'] : ['dog', 'cat'];
      const petPhotos = of(...petKinds);
      let chosen: DemoPhoto[] = [];
      for (let attempt = 0; attempt < 30; attempt++) {
        const count = int(rng, 3, 6);
        // Lead with the outside of the home or its living room; cat flats mostly lead indoors.
        const outsideOdds = listing.pets === 'cats' ? 0.35 : 0.65;
        const leadOutside = exteriors.length > 0 && (living.length === 0 || rng() < outsideOdds);
        const lead = pick(rng, leadOutside ? exteriors : living.length ? living : available);
        const seq: DemoPhoto[] = [lead];
        // Pets lead the photography: most homes show a guest pet second.
        const withPet = petPhotos.length > 0 && (listing.pets === 'cats' || rng() < 0.75);
        if (withPet) seq.push(pick(rng, petPhotos));
        const rest = shuffled(rng, [...inside, ...(leadOutside ? [] : exteriors)]);
        for (const p of rest) {
          if (seq.length >= count) break;
          if (!seq.includes(p)) seq.push(p);
        }
        if (seq.length < count && petPhotos.length > 1) {
          const second = pick(rng, petPhotos.filter((p) => !seq.includes(p)));
          seq.push(second);
        }
        const key = seq.map((p) => p.file).join('|');
        chosen = seq;
        if (!seen.has(key)) {
          seen.add(key);
          break;
        }
      }
      perListing.push(chosen.map(source));
    }
  } else {
    const all: PhotoSource[] = Array.from({ length: PLACEHOLDER_COUNT }, (_, i) => ({
      key: `placeholder:${i}`,
      alt: placeholderSpec(i).alt,
      load: async () => (await placeholderPhoto(i)).data,
    }));
    const leads = all.filter((_, i) => placeholderSpec(i).motif === 'house');
    for (let n = 0; n < DEMO_LISTINGS.length; n++) {
      let seq: PhotoSource[] = [];
      for (let attempt = 0; attempt < 30; attempt++) {
        const count = int(rng, 3, 6);
        seq = [pick(rng, leads)];
        for (const p of shuffled(rng, all)) {
          if (seq.length >= count) break;
          if (!seq.includes(p)) seq.push(p);
        }
        const key = seq.map((p) => p.key).join('|');
        if (!seen.has(key)) {
          seen.add(key);
          break;
        }
      }
      for (const p of seq) used.set(p.key, p);
      perListing.push(seq);
    }
  }
  return { perListing, sources: [...used.values()] };
}

function buildPlan(today: IsoDate, photosDir: string, useFolder: boolean): Plan {
  const plan: Plan = {
    users: [],
    pets: [],
    listings: [],
    bookings: [],
    bookingPets: [],
    vaccinations: [],
    petPhotos: [],
    holds: [],
    reviews: [],
    listingPhotos: [],
    sources: [],
  };

  // People.
  const hostIds = DEMO_HOSTS.map((h) => demoId(`user:${h.email}`));
  const hostJoined = DEMO_HOSTS.map((h, i) => notAfter(h.joined, today, 120 - i * 5));
  DEMO_HOSTS.forEach((h, i) => {
    const createdAt = at(hostJoined[i]!, 10, (i * 7) % 60);
    plan.users.push({ id: hostIds[i]!, email: h.email, emailVerified: true, name: h.name, verifiedAt: h.verified ? createdAt : null, createdAt, updatedAt: createdAt });
  });
  const petRefs: PetRef[] = [];
  DEMO_GUESTS.forEach((g, i) => {
    const id = demoId(`user:${g.email}`);
    const joined = notAfter(g.joined, today, 200 - i * 10);
    const createdAt = at(joined, 18, (i * 11) % 60);
    plan.users.push({ id, email: g.email, emailVerified: true, name: g.name, createdAt, updatedAt: createdAt });
    g.pets.forEach((pet, j) => {
      const petId = demoId(`pet:${g.email}:${pet.name}`);
      const petCreated = at(joined, 18, 30 + j);
      plan.pets.push({
        id: petId,
        ownerId: id,
        name: pet.name,
        type: pet.type,
        breed: pet.breed,
        size: pet.size,
        notes: pet.notes,
        weightKg: pet.weightKg,
        birthDate: addDays(today, -Math.round(pet.ageMonths * 30.44)),
        neutered: pet.neutered,
        temperament: pet.temperament,
        createdAt: petCreated,
        updatedAt: petCreated,
      });
      for (const vaccine of VACCINES) {
        const days = pet.vaccinated[vaccine];
        if (days !== null) plan.vaccinations.push({ petId, vaccine, givenOn: addDays(today, -days) });
      }
      // Its own stored copy: a pet's photo is deleted with the pet, and must not take a listing's with it.
      if (useFolder && existsSync(path.join(photosDir, pet.photo))) {
        plan.petPhotos.push({ petId, source: { key: `pet:${pet.photo}`, alt: `${pet.name}, ${pet.breed}`, load: () => readFile(path.join(photosDir, pet.photo)) } });
      } else if (!useFolder) {
        // Without the photo set, a drawn one as the listings have: paw prints for a dog, a cat in
        // a window for a cat (placeholder motifs cycle house, window, paws).
        const index = 3 * plan.petPhotos.length + (pet.type === 'cat' ? 1 : 2);
        plan.petPhotos.push({ petId, source: { key: `pet-placeholder:${index}`, alt: placeholderSpec(index).alt, load: async () => (await placeholderPhoto(index)).data } });
      }
      petRefs.push({ id: petId, ownerId: id, ownerName: g.name, pet, since: joined, busy: [] });
    });
  });

  // Listings.
  const rng = prng('listings');
  // Its own sequence, so that the rest of the demo stays as it was drawn before.
  const offsets = prng('public positions');
  const listingIds = DEMO_LISTINGS.map((_, i) => demoId(`listing:${i}`));
  const listingCreated: IsoDate[] = [];
  // Each host's places so far: a home of theirs near another shares its public position.
  const places = new Map<string, Place[]>();
  DEMO_LISTINGS.forEach((l, i) => {
    const area = AREAS[l.area];
    const created = notAfter(addDays(hostJoined[l.host]!, int(rng, 2, 40)), today, 30);
    listingCreated.push(created);
    const jitter = () => (rng() * 2 - 1) * JITTER_DEGREES;
    const createdAt = at(created, 11, int(rng, 0, 59));
    const home = { lat: Math.round((area.lat + jitter()) * 1e6) / 1e6, lng: Math.round((area.lng + jitter()) * 1e6) / 1e6 };
    const hostPlaces = places.get(hostIds[l.host]!) ?? [];
    // Public a few hundred metres away, as every host's home is, one position per place (domain/location.ts).
    const shown = publicPositionFor(home, hostPlaces, offsets);
    places.set(hostIds[l.host]!, [...hostPlaces, { exact: home, public: shown }]);
    plan.listings.push({
      id: listingIds[i]!,
      hostId: hostIds[l.host]!,
      title: l.title,
      description: l.description,
      address: l.address,
      locality: area.name,
      city: area.city,
      state: area.state,
      nightlyPriceInr: l.price,
      depositInr: l.deposit,
      ...shown,
      exactLat: home.lat,
      exactLng: home.lng,
      status: 'active',
      verified: DEMO_HOSTS[l.host]!.verified,
      sizeSupported: [...l.sizes],
      amenities: [...l.amenities],
      maxPets: l.maxPets,
      ...demoPetPolicy(l, i),
      cancellationPolicy: demoPolicy(i),
      createdAt,
      updatedAt: createdAt,
    });
  });

  // Photos.
  const photos = planPhotos(photosDir, useFolder);
  plan.sources = [...photos.sources, ...plan.petPhotos.map((p) => p.source)];
  photos.perListing.forEach((sources, i) => plan.listingPhotos.push({ listingId: listingIds[i]!, sources }));

  // Bookings, their calendar holds, and reviews.
  const holdsOf = new Map<number, [IsoDate, IsoDate][]>();
  const hold = (li: number, range: [IsoDate, IsoDate]) => {
    const list = holdsOf.get(li) ?? [];
    if (list.some((r) => overlaps(r, range))) return false;
    list.push(range);
    holdsOf.set(li, list);
    return true;
  };
  const brng = prng('bookings');
  const freePet = (li: number, range: [IsoDate, IsoDate]) => {
    const listing = DEMO_LISTINGS[li]!;
    const candidates = petRefs.filter(
      (p) =>
        fitsListing(p.pet, listing, range[0], today) &&
        daysBetween(p.since, range[0]) > 30 &&
        !p.busy.some((b) => overlaps(b, range)),
    );
    return candidates.length ? pick(brng, candidates) : undefined;
  };
  let bookingNo = 0;
  const addBooking = (li: number, pet: PetRef, start: IsoDate, nights: number, status: 'completed' | 'confirmed') => {
    const listing = DEMO_LISTINGS[li]!;
    const end = addDays(start, nights);
    const cost = calculateBookingCost(listing.price, nights);
    const leadDays = Math.max(1, Math.min(int(brng, 3, 25), daysBetween(listingCreated[li]!, start) - 1));
    // Requested at least a day ago (a stay ahead) and during the day, so every instant is in the past.
    const createdDate = status === 'confirmed' ? notAfter(addDays(start, -leadDays), today, 1) : addDays(start, -leadDays);
    const createdAt = at(createdDate, int(brng, 8, 14), int(brng, 0, 59));
    const respondedAt = new Date(createdAt.getTime() + int(brng, 1, 9) * 3_600_000);
    const id = demoId(`booking:${bookingNo++}`);
    const size: StaySize = staySizeOf(pet.pet.size);
    plan.bookingPets.push({ bookingId: id, petId: pet.id });
    plan.bookings.push({
      id,
      listingId: listingIds[li]!,
      ownerId: pet.ownerId,
      startDate: start,
      endDate: end,
      nights,
      size,
      note: brng() < 0.7 ? pet.pet.bookingNote : '',
      priceSubtotalInr: cost.subtotal_inr,
      taxesInr: cost.taxes_inr,
      platformFeeInr: cost.platform_fee_inr,
      totalInr: cost.total_inr,
      cancellationPolicy: demoPolicy(li),
      status,
      respondedAt,
      createdAt,
      updatedAt: status === 'completed' ? at(end, 12) : respondedAt,
    });
    plan.holds.push({
      id: demoId(`hold:${id}`),
      listingId: listingIds[li]!,
      during: `[${start},${end})`,
      kind: 'stay',
      bookingId: id,
      createdAt: respondedAt,
    });
    pet.busy.push([start, end]);
    return { id, end };
  };

  // Completed stays with reviews on about half of the listings.
  const reviewed = shuffled(brng, DEMO_LISTINGS.map((_, i) => i)).slice(0, Math.ceil(DEMO_LISTINGS.length / 2) + 1);
  reviewed.sort((a, b) => a - b);
  const windowEnd = addDays(today, -15);
  for (const li of reviewed) {
    const listing = DEMO_LISTINGS[li]!;
    const host = DEMO_HOSTS[listing.host]!;
    const windowStart = [addDays(listingCreated[li]!, 3), addDays(today, -330)].sort().at(-1)!;
    const span = daysBetween(windowStart, windowEnd);
    if (span < 10) continue;
    const wanted = int(brng, 1, 4);
    let cursor = windowStart;
    for (let k = 0; k < wanted; k++) {
      const start = addDays(cursor, int(brng, 2, Math.max(3, Math.floor(span / wanted) - 6)));
      const nights = int(brng, 2, 6);
      const end = addDays(start, nights);
      if (end > windowEnd) break;
      cursor = end;
      const pet = freePet(li, [start, end]);
      if (!pet || !hold(li, [start, end])) continue;
      const booking = addBooking(li, pet, start, nights, 'completed');
      const names = { pet: pet.pet.name, host: firstName(host.name), owner: firstName(pet.ownerName) };
      // Guests almost always review; hosts review their guests about half the time.
      const guestWrote = brng() < 0.92 ? at(addDays(end, int(brng, 0, 4)), int(brng, 9, 22), int(brng, 0, 59)) : undefined;
      const hostWrote = brng() < 0.5 ? at(addDays(end, int(brng, 0, 4)), int(brng, 9, 22), int(brng, 0, 59)) : undefined;
      // Published when both have written, else 14 days after checkout.
      const published =
        guestWrote && hostWrote
          ? new Date(Math.max(guestWrote.getTime(), hostWrote.getTime()))
          : at(addDays(end, 14), 0, 5);
      if (guestWrote) {
        const roll = brng();
        const rating = roll < 0.55 ? 5 : roll < 0.9 ? 4 : 3;
        plan.reviews.push({
          id: demoId(`review:listing:${booking.id}`),
          bookingId: booking.id,
          listingId: listingIds[li]!,
          authorId: pet.ownerId,
          subjectId: hostIds[listing.host]!,
          kind: 'listing',
          rating,
          body: fill(pick(brng, LISTING_REVIEWS[rating]), names),
          publishedAt: published,
          createdAt: guestWrote,
        });
      }
      if (hostWrote) {
        plan.reviews.push({
          id: demoId(`review:guest:${booking.id}`),
          bookingId: booking.id,
          listingId: listingIds[li]!,
          authorId: hostIds[listing.host]!,
          subjectId: pet.ownerId,
          kind: 'guest',
          rating: brng() < 0.8 ? 5 : 4,
          body: fill(pick(brng, GUEST_REVIEWS), names),
          publishedAt: published,
          createdAt: hostWrote,
        });
      }
    }
  }

  // A few accepted stays ahead, so calendars and dashboards have something coming up.
  const upcoming = shuffled(brng, DEMO_LISTINGS.map((_, i) => i)).slice(0, 10);
  for (const li of upcoming) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const start = addDays(today, int(brng, 2, 50));
      const nights = int(brng, 2, 7);
      const range: [IsoDate, IsoDate] = [start, addDays(start, nights)];
      const pet = freePet(li, range);
      if (!pet || !hold(li, range)) continue;
      addBooking(li, pet, start, nights, 'confirmed');
      break;
    }
  }

  // Dates the hosts blocked (family visits, Navratri, a trip away).
  const blocked = shuffled(brng, DEMO_LISTINGS.map((_, i) => i)).slice(0, 12);
  let blockNo = 0;
  for (const li of blocked) {
    const ranges = int(brng, 1, 2);
    for (let r = 0; r < ranges; r++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const start = addDays(today, int(brng, 4, 90));
        const range: [IsoDate, IsoDate] = [start, addDays(start, int(brng, 1, 5))];
        // A free night either side, so that two blocks never read as one split in two.
        const padded: [IsoDate, IsoDate] = [addDays(range[0], -1), addDays(range[1], 1)];
        if ((holdsOf.get(li) ?? []).some((h) => overlaps(h, padded)) || !hold(li, range)) continue;
        // Blocked dates are stored one row per night (decision 002), as the calendar writes them.
        const createdAt = at(addDays(today, -int(brng, 1, 20)), 20, 15);
        for (let night = range[0]; night < range[1]; night = addDays(night, 1)) {
          plan.holds.push({
            id: demoId(`hold:blocked:${blockNo++}`),
            listingId: listingIds[li]!,
            during: `[${night},${addDays(night, 1)})`,
            kind: 'blocked',
            bookingId: null,
            createdAt,
          });
        }
        break;
      }
    }
  }

  // Last, so that the random draws above (and so every other row) stay as they were.
  for (const stay of AWAITING_REVIEW) {
    const listing = DEMO_LISTINGS[stay.listing]!;
    const end = addDays(today, -stay.checkoutDaysAgo);
    const range: [IsoDate, IsoDate] = [addDays(end, -2), end];
    const pet = petRefs.find((p) => p.ownerName === stay.guest && fitsListing(p.pet, listing, range[0], today) && !p.busy.some((b) => overlaps(b, range)));
    if (!pet || !hold(stay.listing, range)) throw new Error(`seed: no room for ${stay.guest}'s stay awaiting review at listing ${stay.listing}`);
    addBooking(stay.listing, pet, range[0], 2, 'completed');
  }

  return plan;
}

// ------------------------------------------------------------------------------------------
// Photos: every distinct source processed once, a few at a time; on failure nothing is left.

async function processPhotos(
  sources: PhotoSource[],
  photos: ObjectStore,
  stored: StoredPhoto[],
): Promise<Map<string, StoredPhoto>> {
  const result = new Map<string, StoredPhoto>();
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < sources.length) {
      const source = sources[next++]!;
      try {
        const photo = await storePhoto(await source.load(), photos, { effort: SEED_WEBP_EFFORT });
        stored.push(photo);
        result.set(source.key, photo);
      } catch (err) {
        failure ??= new Error(`demo photo ${source.key} could not be stored`, { cause: err });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, sources.length) }, worker));
  if (failure !== undefined) throw failure;
  return result;
}

/** True when the shared photo folder holds enough of the demo set to use it. */
function photoFolderUsable(photosDir: string): boolean {
  if (!existsSync(photosDir)) return false;
  const present = DEMO_PHOTOS.filter((p) => existsSync(path.join(photosDir, p.file)));
  const leads = present.filter((p) => p.kind !== 'dog' && p.kind !== 'cat' && p.kind !== 'room');
  return leads.length >= 6 && present.length >= 12;
}

const HOUSE_RULE_NOTES = ['', "Please bring your pet's own bed and bowls.", '', 'Quiet hours in the society are 10 pm to 7 am.', '', 'No pets in the kitchen, please.'];

/**
 * A demo home's pet policy: the pets it is set up for, vaccinations required at every third home
 * and every villa, house rules that suit the home, and its host's own pets.
 */
function demoPetPolicy(listing: DemoListing, i: number) {
  const rules = new Set<HouseRule>();
  if (listing.pets === 'cats') rules.add('not_on_bed');
  else if (listing.home === 'apartment') rules.add('not_on_sofa').add('not_alone');
  else rules.add('on_lead_outside').add('clean_up');
  if (i % 4 === 0) rules.add('not_on_bed');
  if (i % 5 === 2 && listing.pets !== 'cats') rules.add('crate_at_night');
  return {
    petTypes: listing.pets === 'dogs' ? ['dog' as const] : listing.pets === 'cats' ? ['cat' as const] : ['dog' as const, 'cat' as const],
    vaccinationsRequired: listing.home === 'villa' || i % 3 === 1,
    houseRules: HOUSE_RULES.filter((r) => rules.has(r)),
    houseRulesNote: HOUSE_RULE_NOTES[i % HOUSE_RULE_NOTES.length]!,
    hostPets: DEMO_HOSTS[listing.host]!.pets,
  };
}

/** The demo homes' cancellation policies: mostly the default, some flexible, some strict. */
const POLICY_ROTATION: CancellationPolicy[] = ['moderate', 'flexible', 'moderate', 'strict', 'moderate'];
const demoPolicy = (listingIndex: number): CancellationPolicy => POLICY_ROTATION[listingIndex % POLICY_ROTATION.length]!;

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Loads the demo data into an empty database. Returns what it inserted, or null when the demo
 * is already there (another process, or an earlier start, loaded it).
 */
export async function seedDemoData(
  db: Db,
  opts: { photos: ObjectStore; photosDir: string; log: Logger },
): Promise<Record<string, number> | null> {
  const started = performance.now();
  const stored: StoredPhoto[] = [];
  let photoWork: Promise<unknown> | undefined;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const marker = DEMO_HOSTS[0]!.email;
      const found = await queryRows(tx, z.object({ seeded: z.number() }), sql`select 1 as seeded from users where email = ${marker}`);
      if (found.length > 0) return null;

      const useFolder = photoFolderUsable(opts.photosDir);
      if (!useFolder) {
        opts.log.info({ photosDir: opts.photosDir }, 'demo photo folder not found: using placeholder images');
      }
      const plan = buildPlan(todayInIndia(), opts.photosDir, useFolder);

      // Images encode on sharp's threads while the rows go in.
      const photosReady = processPhotos(plan.sources, opts.photos, stored);
      photoWork = photosReady.catch(() => {});

      await tx.insert(users).values(plan.users);
      await tx.insert(pets).values(plan.pets);
      if (plan.vaccinations.length > 0) await tx.insert(petVaccinations).values(plan.vaccinations);
      await tx.insert(listings).values(plan.listings);
      for (const part of chunk(plan.bookings, 200)) await tx.insert(bookings).values(part);
      for (const part of chunk(plan.bookingPets, 500)) await tx.insert(bookingPets).values(part);
      for (const part of chunk(plan.holds, 200)) await tx.insert(calendarHolds).values(part);
      for (const part of chunk(plan.reviews, 200)) await tx.insert(reviews).values(part);

      const photoFiles = await photosReady;
      const photoRows = plan.listingPhotos.flatMap(({ listingId, sources }) =>
        sources.map((source, sortOrder) => {
          const photo = photoFiles.get(source.key);
          if (!photo) throw new Error(`demo photo ${source.key} was not stored`);
          return {
            id: demoId(`photo:${listingId}:${sortOrder}`),
            listingId,
            url: photo.url,
            width: photo.width,
            height: photo.height,
            alt: source.alt,
            sortOrder,
          };
        }),
      );
      for (const part of chunk(photoRows, 200)) await tx.insert(listingPhotos).values(part);
      for (const { petId, source } of plan.petPhotos) {
        await tx.update(pets).set({ photoUrl: photoFiles.get(source.key)!.url }).where(eq(pets.id, petId));
      }

      const counts = {
        users: plan.users.length,
        hosts: DEMO_HOSTS.length,
        guests: DEMO_GUESTS.length,
        pets: plan.pets.length,
        listings: plan.listings.length,
        listingPhotos: photoRows.length,
        photoFiles: photoFiles.size,
        bookings: plan.bookings.length,
        completedBookings: plan.bookings.filter((b) => b.status === 'completed').length,
        confirmedBookings: plan.bookings.filter((b) => b.status === 'confirmed').length,
        reviews: plan.reviews.length,
        calendarHolds: plan.holds.length,
      };
      opts.log.debug({ ms: Math.round(performance.now() - started), placeholders: !useFolder }, 'demo data seeded');
      return counts;
    });
  } catch (err) {
    // The transaction rolled back: remove the image files it would have referenced.
    await photoWork;
    await Promise.all(stored.map((p) => deletePhotoFiles(p.url, opts.photos).catch(() => {})));
    throw err;
  }
}
