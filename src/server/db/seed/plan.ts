import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { addDays, daysBetween, type IsoDate } from '../../../domain/dates';
import { type Place, publicPositionFor } from '../../../domain/location';
import { VACCINES } from '../../../domain/pet-profile';
import { staySizeOf, type StaySize } from '../../../domain/pet-sizes';
import { calculateBookingCost } from '../../../domain/money/pricing';
import type { bookingPets, bookings, calendarHolds, listings, petVaccinations, pets, reviews, users } from '../schema';
import { AREAS, AWAITING_REVIEW, DEMO_GUESTS, DEMO_HOSTS, DEMO_LISTINGS, type DemoPet, GUEST_REVIEWS, JITTER_DEGREES, LISTING_REVIEWS } from './data';
import { at, demoId, fill, firstName, int, notAfter, pick, prng, shuffled } from './deterministic';
import { type PhotoSource, planPhotos } from './photos';
import { placeholderPhoto, placeholderSpec } from './placeholder';
import { demoPetPolicy, demoPolicy, fitsListing } from './policies';

// The plan: every row of the demo, computed in memory before anything touches the database.

type PetRef = {
  id: string;
  ownerId: string;
  ownerName: string;
  pet: DemoPet;
  /** The owner's account date: no booking before it. */
  since: IsoDate;
  busy: [IsoDate, IsoDate][];
};

export type Plan = {
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
  /** A stay of the demo guest that starts today: the stays demo checks it in and posts its updates (stays-demo.ts). */
  stayToday?: { bookingId: string; guestId: string; hostId: string; petId: string; petName: string; photo?: string };
  /**
   * A guest new to the demo host's listing that meets new guests first: they ask to stay and
   * propose a meet & greet (meets-demo.ts), so the host's requests show both at once.
   */
  meetDemo?: { listingId: string; hostId: string; guestId: string; petId: string; petName: string; from: IsoDate };
  /** A paid stay that began yesterday and was never checked in: the lifecycle job asks both sides what happened. */
  missedArrival?: { bookingId: string };
};

const overlaps = (a: [IsoDate, IsoDate], b: [IsoDate, IsoDate]) => a[0] < b[1] && b[0] < a[1];

/** The demo host whose requests show a meet & greet to confirm (README). */
export const MEET_DEMO_HOST = 'Rohan Patel';

/** The demo guest whose stay with the demo host began yesterday without a check-in (README, e2e/incidents.spec.ts). */
export const MISSED_ARRIVAL_DEMO = { guest: 'Karan Vyas', host: MEET_DEMO_HOST, nights: 3 } as const;

export function buildPlan(today: IsoDate, photosDir: string, useFolder: boolean): Plan {
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
      priceSubtotalPaise: cost.subtotal_paise,
      taxesPaise: cost.taxes_paise,
      platformFeePaise: cost.platform_fee_paise,
      totalPaise: cost.total_paise,
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

  // The demo guest's stay that starts today, at the first home that takes her pet and is free.
  const STAY_TODAY = { guest: 'Aditi Sharma', nights: 3 };
  const todayRange: [IsoDate, IsoDate] = [today, addDays(today, STAY_TODAY.nights)];
  for (let li = 0; li < DEMO_LISTINGS.length && !plan.stayToday; li++) {
    const listing = DEMO_LISTINGS[li]!;
    const pet = petRefs.find((p) => p.ownerName === STAY_TODAY.guest && fitsListing(p.pet, listing, today, today) && !p.busy.some((b) => overlaps(b, todayRange)));
    if (!pet || !hold(li, todayRange)) continue;
    const booking = addBooking(li, pet, today, STAY_TODAY.nights, 'confirmed');
    plan.stayToday = { bookingId: booking.id, guestId: pet.ownerId, hostId: hostIds[listing.host]!, petId: pet.id, petName: pet.pet.name, ...(pet.pet.photo && { photo: pet.pet.photo }) };
  }

  // The demo host's first home meets new guests first; a guest who never stayed with them asks
  // for three nights about ten days ahead, where the home is free.
  const meetHost = DEMO_HOSTS.findIndex((h) => h.name === MEET_DEMO_HOST);
  const meetListing = DEMO_LISTINGS.findIndex((l) => l.host === meetHost);
  const staysWithHost = new Set(plan.bookings.filter((b) => DEMO_LISTINGS[listingIds.indexOf(b.listingId!)]!.host === meetHost).map((b) => b.ownerId));
  for (let from = 10; from < 40 && !plan.meetDemo; from++) {
    const range: [IsoDate, IsoDate] = [addDays(today, from), addDays(today, from + 3)];
    if ((holdsOf.get(meetListing) ?? []).some((h) => overlaps(h, range))) continue;
    const pet = petRefs.find((p) => !staysWithHost.has(p.ownerId) && fitsListing(p.pet, DEMO_LISTINGS[meetListing]!, range[0], today) && !p.busy.some((b) => overlaps(b, range)));
    if (!pet) break;
    plan.listings[meetListing]!.meetRequired = true;
    plan.meetDemo = { listingId: listingIds[meetListing]!, hostId: hostIds[meetHost]!, guestId: pet.ownerId, petId: pet.id, petName: pet.pet.name, from: range[0] };
  }

  // Last, so that every draw above stays as it was: the stay with the demo host that began
  // yesterday, at the first of the host's homes that takes the guest's pet and was free.
  const yesterday = addDays(today, -1);
  const missedRange: [IsoDate, IsoDate] = [yesterday, addDays(yesterday, MISSED_ARRIVAL_DEMO.nights)];
  for (let li = 0; li < DEMO_LISTINGS.length && !plan.missedArrival; li++) {
    const listing = DEMO_LISTINGS[li]!;
    if (DEMO_HOSTS[listing.host]!.name !== MISSED_ARRIVAL_DEMO.host) continue;
    const pet = petRefs.find((p) => p.ownerName === MISSED_ARRIVAL_DEMO.guest && fitsListing(p.pet, listing, yesterday, today) && !p.busy.some((b) => overlaps(b, missedRange)));
    if (!pet || !hold(li, missedRange)) continue;
    plan.missedArrival = { bookingId: addBooking(li, pet, yesterday, MISSED_ARRIVAL_DEMO.nights, 'confirmed').id };
  }

  return plan;
}
