import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, todayInIndia, type IsoDate } from '../../../domain/dates';
import { metresBetween, PUBLIC_OFFSET_METRES } from '../../../domain/location';
import { PHOTO_WIDTHS, photoVariant } from '../../../domain/photos';
import { calculateBookingCost } from '../../../domain/money/pricing';
import { REVIEW_WINDOW_DAYS } from '../../../domain/reviews';
import { type Database, openPglite, runMigrations } from '../client';
import { rawRows } from '../../test/rows';
import { AREAS, AWAITING_REVIEW, DEMO_EMAIL_DOMAIN, DEMO_GUESTS, DEMO_HOSTS, DEMO_LISTINGS } from './data';
import { MEET_DEMO_HOST, MISSED_ARRIVAL_DEMO } from './plan';
import { diskStores, openStorage } from '../../storage';
import { seedDemoData } from './seed';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// The shared photo set beside the repository; without it the seed falls back to placeholders,
// and every assertion below holds either way.
const photosDir = process.env.DEMO_PHOTOS_DIR ?? path.resolve(repoRoot, '../shared/demo-photos');
const log = pino({ level: 'silent' });

type ListingRow = {
  id: string;
  locality: string;
  exact_lat: number;
  exact_lng: number;
  title: string;
  description: string;
  address: string;
  city: string;
  state: string;
  nightly_price_inr: number;
  deposit_inr: number;
  lat: number;
  lng: number;
  status: string;
  verified: boolean;
  size_supported: string[];
  amenities: string[];
  max_pets: number;
  host_id: string;
};

async function tableCounts(database: Database): Promise<Record<string, number>> {
  const [row] = await rawRows<Record<string, number>>(
    database.db,
    sql`select
      (select count(*) from users)::int as users,
      (select count(*) from pets)::int as pets,
      (select count(*) from listings)::int as listings,
      (select count(*) from listing_photos)::int as listing_photos,
      (select count(*) from bookings)::int as bookings,
      (select count(*) from calendar_holds)::int as calendar_holds,
      (select count(*) from reviews)::int as reviews`,
  );
  return row!;
}

/** The neighbourhood an address names: the last comma-separated part that names one of its city's areas. */
function areaOf(address: string, city: string) {
  const parts = address.split(',').slice(0, -1).reverse();
  const areas = Object.values(AREAS).filter((a) => a.city === city);
  for (const part of parts) {
    const area = areas.find((a) => part.includes(a.name));
    if (area) return area;
  }
  return undefined;
}

/** The private store the demo's stay photos go to, under `dataDir`, as the app opens it. */
const staysOf = (dataDir: string) => ({ publicUrl: 'http://localhost:3000', photos: openStorage({ dataDir, storage: { kind: 'disk' } }).stayPhotos });

/** Every file variant of a stored photo URL, on disk. */
function photoFiles(dataDir: string, url: string): string[] {
  return [url, photoVariant(url, 'card')].map((u) => path.join(dataDir, u));
}

describe('seedDemoData with the shared photo set', () => {
  let database: Database;
  let dataDir: string;
  let counts: Record<string, number> | null;
  // The seed's today, not the test's: the file may run across midnight in India (18:30 UTC).
  let seededOn: IsoDate;

  beforeAll(async () => {
    database = await openPglite(undefined);
    await runMigrations(database);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-seed-'));
    seededOn = todayInIndia();
    counts = await seedDemoData(database.db, { photos: diskStores(dataDir).photos, photosDir, log, stays: staysOf(dataDir), testMode: true });
  });

  afterAll(async () => {
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads at least 40 active Ahmedabad listings across 10+ neighbourhoods, plus Gandhinagar and Vadodara', async () => {
    expect(counts).not.toBeNull();
    const rows = await rawRows<ListingRow>(database.db, sql`select * from listings`);
    const ahmedabad = rows.filter((l) => l.city === 'Ahmedabad' && l.status === 'active');
    expect(ahmedabad.length).toBeGreaterThanOrEqual(40);
    const areas = new Set(ahmedabad.map((l) => areaOf(l.address, l.city)?.name));
    areas.delete(undefined);
    expect(areas.size).toBeGreaterThanOrEqual(10);
    expect(rows.filter((l) => l.city === 'Gandhinagar').length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((l) => l.city === 'Vadodara').length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((l) => l.state))).toEqual(new Set(['Gujarat']));
  });

  it('places Ahmedabad listings inside the city and every listing near its neighbourhood', async () => {
    const rows = await rawRows<ListingRow>(database.db, sql`select * from listings`);
    for (const l of rows.filter((r) => r.city === 'Ahmedabad')) {
      expect(l.lat, l.title).toBeGreaterThan(22.9);
      expect(l.lat, l.title).toBeLessThan(23.15);
      expect(l.lng, l.title).toBeGreaterThan(72.45);
      expect(l.lng, l.title).toBeLessThan(72.7);
    }
    for (const l of rows) {
      const area = areaOf(l.address, l.city);
      expect(area, l.address).toBeDefined();
      // The home within about half a kilometre of the neighbourhood centre, and its public
      // position a few hundred metres from the home (domain/location.ts).
      expect(Math.abs(l.exact_lat - area!.lat)).toBeLessThan(0.005);
      expect(Math.abs(l.exact_lng - area!.lng)).toBeLessThan(0.005);
      const moved = metresBetween({ lat: l.exact_lat, lng: l.exact_lng }, l);
      expect(moved).toBeGreaterThan(PUBLIC_OFFSET_METRES.min - 1);
      expect(moved).toBeLessThan(PUBLIC_OFFSET_METRES.max + 1);
      expect(l.locality, l.address).toBe(area!.name);
    }
  });

  it('keeps every listing within the product limits, with a realistic mix', async () => {
    const rows = await rawRows<ListingRow>(database.db, sql`select * from listings`);
    for (const l of rows) {
      expect(l.title.trim().length, l.title).toBeGreaterThanOrEqual(10);
      expect(l.title.trim().length, l.title).toBeLessThanOrEqual(100);
      expect(l.description.length, l.title).toBeGreaterThanOrEqual(50);
      expect(l.description.length, l.title).toBeLessThanOrEqual(2000);
      expect(l.address.length, l.title).toBeGreaterThanOrEqual(10);
      expect(l.address.length, l.title).toBeLessThanOrEqual(200);
      expect(l.nightly_price_inr).toBeGreaterThanOrEqual(500);
      expect(l.nightly_price_inr).toBeLessThanOrEqual(8000);
      expect(l.deposit_inr).toBeGreaterThanOrEqual(0);
      expect(l.deposit_inr).toBeLessThanOrEqual(5000);
      expect(l.max_pets).toBeGreaterThanOrEqual(1);
      expect(l.max_pets).toBeLessThanOrEqual(4);
      expect(l.size_supported.length).toBeGreaterThan(0);
      expect(l.amenities.length).toBeGreaterThan(0);
    }
    expect(rows.filter((l) => l.nightly_price_inr > 7500).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((l) => l.nightly_price_inr < 1000).length).toBeGreaterThanOrEqual(3);
    expect(rows.some((l) => l.verified)).toBe(true);
    expect(rows.some((l) => !l.verified)).toBe(true);
    expect(new Set(rows.map((l) => l.title)).size).toBe(rows.length);
  });

  it('gives the demo guests full pet profiles, and the homes varied pet policies', async () => {
    const pets = await rawRows<{ name: string; photo_url: string | null; weight_kg: number | null; birth_date: string | null; doses: number; due: number }>(
      database.db,
      sql`select p.name, p.photo_url, p.weight_kg, p.birth_date::text as birth_date,
            (select count(*)::int from pet_vaccinations v where v.pet_id = p.id) as doses,
            (select count(*)::int from pet_vaccinations v where v.pet_id = p.id and v.given_on <= current_date - 365) as due
          from pets p`,
    );
    expect(pets.length).toBeGreaterThanOrEqual(8);
    for (const p of pets) {
      expect(p.photo_url, p.name).not.toBeNull();
      for (const file of photoFiles(dataDir, p.photo_url!)) expect(existsSync(file), file).toBe(true);
      expect(p.weight_kg, p.name).toBeGreaterThan(0);
      expect(p.birth_date, p.name).not.toBeNull();
    }
    // Most are vaccinated, one dose is due, one pet has none on record.
    expect(pets.filter((p) => p.doses === 2).length).toBeGreaterThanOrEqual(pets.length - 2);
    expect(pets.some((p) => p.due > 0)).toBe(true);
    expect(pets.some((p) => p.doses < 2)).toBe(true);

    const policies = await rawRows<{ pet_types: string[]; vaccinations_required: boolean; house_rules: string[]; host_pets: unknown[] }>(
      database.db,
      sql`select pet_types, vaccinations_required, house_rules, host_pets from listings`,
    );
    const types = new Set(policies.map((l) => l.pet_types.join(',')));
    expect(types).toEqual(new Set(['dog', 'cat', 'dog,cat']));
    expect(policies.filter((l) => l.vaccinations_required).length).toBeGreaterThanOrEqual(5);
    expect(policies.filter((l) => !l.vaccinations_required).length).toBeGreaterThanOrEqual(5);
    expect(policies.every((l) => l.house_rules.length > 0)).toBe(true);
    expect(policies.filter((l) => l.host_pets.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('has 8+ demo hosts who joined at different times', async () => {
    const hosts = await rawRows<{ email: string; name: string; created_at: string }>(
      database.db,
      sql`select distinct u.email, u.name, u.created_at::text from users u join listings l on l.host_id = u.id`,
    );
    expect(hosts.length).toBeGreaterThanOrEqual(8);
    for (const h of hosts) expect(h.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
    const months = new Set(hosts.map((h) => h.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
  });

  it('gives every listing 3-6 photos, in a distinct combination, whose files exist', async () => {
    const photos = await rawRows<{ listing_id: string; url: string; alt: string; width: number; height: number }>(
      database.db,
      sql`select listing_id, url, alt, width, height from listing_photos order by listing_id, sort_order`,
    );
    const byListing = new Map<string, string[]>();
    for (const p of photos) {
      byListing.set(p.listing_id, [...(byListing.get(p.listing_id) ?? []), p.url]);
      expect(p.alt.length).toBeGreaterThan(5);
      expect(p.width).toBeGreaterThan(0);
      expect(p.width).toBeLessThanOrEqual(1600);
      for (const file of photoFiles(dataDir, p.url)) expect(existsSync(file), file).toBe(true);
    }
    expect(byListing.size).toBe(counts!.listings!);
    for (const urls of byListing.values()) {
      expect(urls.length).toBeGreaterThanOrEqual(3);
      expect(urls.length).toBeLessThanOrEqual(6);
      expect(new Set(urls).size).toBe(urls.length);
    }
    expect(new Set([...byListing.values()].map((u) => u.join('|'))).size).toBe(byListing.size);
    // Each source image was processed once: its variants per distinct URL. A pet's photo is its
    // own copy, whatever listing shows the same picture.
    const petPhotos = await rawRows<{ photo_url: string }>(database.db, sql`select photo_url from pets where photo_url is not null`);
    const distinct = new Set([...photos.map((p) => p.url), ...petPhotos.map((p) => p.photo_url)]);
    expect(distinct.size).toBe(new Set(photos.map((p) => p.url)).size + petPhotos.length);
    expect(readdirSync(path.join(dataDir, 'uploads', 'photos')).length).toBe(distinct.size * Object.keys(PHOTO_WIDTHS).length);
  });

  it('prices every booking with calculateBookingCost and holds its nights on the calendar', async () => {
    const rows = await rawRows<{
      id: string;
      start_date: string;
      end_date: string;
      nights: number;
      status: string;
      size: string;
      price: number;
      sizes: string[];
      price_subtotal_paise: number;
      taxes_paise: number;
      platform_fee_paise: number;
      total_paise: number;
      hold: string | null;
    }>(
      database.db,
      sql`select b.id, b.start_date::text, b.end_date::text, b.nights, b.status, b.size,
            l.nightly_price_inr as price, l.size_supported as sizes,
            b.price_subtotal_paise, b.taxes_paise, b.platform_fee_paise, b.total_paise,
            (select h.during::text from calendar_holds h where h.booking_id = b.id) as hold
          from bookings b join listings l on l.id = b.listing_id`,
    );
    expect(rows.filter((b) => b.status === 'completed').length).toBeGreaterThanOrEqual(15);
    expect(rows.filter((b) => b.status === 'confirmed').length).toBeGreaterThanOrEqual(3);
    for (const b of rows) {
      expect(b.nights).toBe(daysBetween(b.start_date, b.end_date));
      const cost = calculateBookingCost(b.price, b.nights);
      expect({
        subtotal: b.price_subtotal_paise,
        taxes: b.taxes_paise,
        fee: b.platform_fee_paise,
        total: b.total_paise,
      }).toEqual({
        subtotal: cost.subtotal_paise,
        taxes: cost.taxes_paise,
        fee: cost.platform_fee_paise,
        total: cost.total_paise,
      });
      expect(b.sizes).toContain(b.size);
      // A request holds no nights until it is accepted (the meet & greet demo's).
      expect(b.hold).toBe(b.status === 'requested' ? null : `[${b.start_date},${b.end_date})`);
    }
    // The 18% GST band is exercised by at least one stay.
    expect(rows.some((b) => b.price > 7500)).toBe(true);
    const [blocked] = await rawRows<{ n: number; single: boolean }>(
      database.db,
      sql`select count(*)::int as n, bool_and(upper(during) - lower(during) = 1) as single
          from calendar_holds where kind = 'blocked' and booking_id is null`,
    );
    expect(blocked!.n).toBeGreaterThanOrEqual(5);
    // One row per blocked night, as the host's calendar writes them (decision 002).
    expect(blocked!.single).toBe(true);
  });

  it('publishes real reviews on about half of the listings', async () => {
    const rows = await rawRows<{ listing_id: string; rating: number; body: string; published_at: string | null }>(
      database.db,
      sql`select r.listing_id, r.rating, r.body, r.published_at::text
          from reviews r join bookings b on b.id = r.booking_id
          where r.kind = 'listing' and b.status = 'completed' and r.subject_id = (select host_id from listings where id = r.listing_id)`,
    );
    const [all] = await rawRows<{ n: number }>(database.db, sql`select count(*)::int as n from reviews where kind = 'listing'`);
    expect(rows.length).toBe(all!.n);
    const reviewed = new Set(rows.map((r) => r.listing_id));
    expect(reviewed.size).toBeGreaterThanOrEqual(Math.floor(counts!.listings! / 3));
    expect(reviewed.size).toBeLessThan(counts!.listings!);
    for (const r of rows) {
      expect(r.rating).toBeGreaterThanOrEqual(3);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.body.length).toBeGreaterThanOrEqual(20);
      expect(r.body.length).toBeLessThanOrEqual(1000);
      expect(r.body).not.toMatch(/\{\w+\}/);
      expect(r.published_at).not.toBeNull();
    }
    expect(rows.filter((r) => r.rating >= 4).length / rows.length).toBeGreaterThan(0.8);
  });

  it('leaves the stays of AWAITING_REVIEW completed, unreviewed and inside the review window', async () => {
    const rows = await rawRows<{ email: string; title: string; end_date: string }>(
      database.db,
      sql`select u.email, l.title, b.end_date::text from bookings b
          join users u on u.id = b.owner_id join listings l on l.id = b.listing_id
          where b.status = 'completed' and not exists (select 1 from reviews r where r.booking_id = b.id)
            and b.end_date + ${REVIEW_WINDOW_DAYS}::int > ${seededOn}::date
          order by b.end_date desc`,
    );
    expect(rows).toEqual(
      AWAITING_REVIEW.map((a) => ({
        email: DEMO_GUESTS.find((g) => g.name === a.guest)!.email,
        title: DEMO_LISTINGS[a.listing]!.title,
        end_date: addDays(seededOn, -a.checkoutDaysAgo),
      })),
    );
  });

  it("makes the demo guest's stay that starts today through the stays services: care sheet, check-in with a photo, an update with photos, a problem reported with a photo", async () => {
    expect(counts!.staysUnderWay).toBe(1);
    const [stay] = await rawRows<{ status: string; sheets: number; updates: string[]; photos: number; guest: string }>(database.db, sql`
      select b.status, (select count(*)::int from care_sheets c where c.booking_id = b.id) as sheets,
        (select array_agg(u.kind order by u.created_at) from stay_updates u where u.booking_id = b.id) as updates,
        (select count(*)::int from stay_update_photos p join stay_updates u on u.id = p.update_id where u.booking_id = b.id) as photos,
        g.name as guest
      from bookings b join users g on g.id = b.owner_id where b.status = 'in_stay'
    `);
    expect(stay).toEqual({ status: 'in_stay', sheets: 1, updates: ['arrival', 'update'], photos: 2, guest: 'Aditi Sharma' });
    // And a small problem its host reported with a photo, open and not urgent.
    expect(
      await rawRows(database.db, sql`
        select i.kind, i.urgent, i.status, i.reported_by = l.host_id as by_host, (select count(*)::int from incident_photos p where p.incident_id = i.id) as photos
        from incidents i join bookings b on b.id = i.booking_id join listings l on l.id = b.listing_id where b.status = 'in_stay'
      `),
    ).toEqual([{ kind: 'behaviour', urgent: false, status: 'open', by_host: true, photos: 1 }]);
    // Two files (card and large) for each photo: the check-in's, the update's and the report's.
    expect(readdirSync(path.join(dataDir, 'private', 'stay-photos'))).toHaveLength(6);
  });

  it("asks, as the lifecycle job does, what happened to the demo host's stay that began yesterday without a check-in", async () => {
    expect(counts!.arrivalsAsked).toBe(1);
    const rows = await rawRows<{ status: string; start_date: string; guest: string; host: string; kind: string; incident: string; reporter: string | null }>(database.db, sql`
      select b.status, b.start_date::text as start_date, g.name as guest, h.name as host, i.kind, i.status as incident, i.reported_by as reporter
      from incidents i join bookings b on b.id = i.booking_id join users g on g.id = b.owner_id join listings l on l.id = b.listing_id join users h on h.id = l.host_id
      where i.kind = 'no_show'
    `);
    expect(rows).toEqual([{ status: 'confirmed', start_date: addDays(seededOn, -1), guest: MISSED_ARRIVAL_DEMO.guest, host: MISSED_ARRIVAL_DEMO.host, kind: 'no_show', incident: 'open', reporter: null }]);
  });

  it("makes a request to the demo host's home that meets new guests first, with the guest's proposal to meet, through the services", async () => {
    expect(counts!.meetsProposed).toBe(1);
    const rows = await rawRows<{ status: string; meet_required: boolean; host: string; meet: string; times: number; by_guest: boolean; stayed_before: boolean }>(database.db, sql`
      select b.status, l.meet_required, h.email as host, m.status as meet, cardinality(m.times) as times, m.proposed_by = b.owner_id as by_guest,
        exists (select 1 from bookings s join listings sl on sl.id = s.listing_id where s.owner_id = b.owner_id and sl.host_id = l.host_id and s.id <> b.id) as stayed_before
      from meets m join bookings b on b.id = m.booking_id join listings l on l.id = b.listing_id join users h on h.id = l.host_id
    `);
    expect(rows).toEqual([{ status: 'requested', meet_required: true, host: DEMO_HOSTS.find((h) => h.name === MEET_DEMO_HOST)!.email, meet: 'proposed', times: 2, by_guest: true, stayed_before: false }]);
  });

  it('loads nothing the second time', async () => {
    const before = await tableCounts(database);
    expect(before.listings).toBe(counts!.listings!);
    const filesBefore = readdirSync(path.join(dataDir, 'uploads', 'photos')).length;
    expect(await seedDemoData(database.db, { photos: diskStores(dataDir).photos, photosDir, log, stays: staysOf(dataDir), testMode: true })).toBeNull();
    expect(await tableCounts(database)).toEqual(before);
    expect(readdirSync(path.join(dataDir, 'uploads', 'photos')).length).toBe(filesBefore);
  });
});

describe('seedDemoData without the photo folder', () => {
  it('generates placeholder photos instead', async () => {
    const database = await openPglite(undefined);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-seed-'));
    try {
      await runMigrations(database);
      const counts = await seedDemoData(database.db, {
        photos: diskStores(dataDir).photos,
        photosDir: path.join(dataDir, 'no-such-folder'),
        log,
        stays: staysOf(dataDir),
        testMode: true,
      });
      expect(counts).not.toBeNull();
      expect(counts!.listings!).toBeGreaterThanOrEqual(40);
      // The demo's pets get drawn photos of their own (a dog's paws, a cat in a window), stored
      // apart from the listings', since a pet's photo goes with the pet.
      const pets = await rawRows<{ name: string; type: string; photo_url: string | null }>(database.db, sql`select name, type, photo_url from pets`);
      expect(pets.length).toBeGreaterThanOrEqual(8);
      for (const pet of pets) {
        expect(pet.photo_url, pet.name).not.toBeNull();
        for (const file of photoFiles(dataDir, pet.photo_url!)) expect(existsSync(file), file).toBe(true);
      }
      const listingFiles = counts!.photoFiles! - pets.length;
      expect(listingFiles).toBeLessThanOrEqual(12);
      const photos = await rawRows<{ url: string; alt: string; n: number }>(
        database.db,
        sql`select url, alt, count(*) over (partition by listing_id)::int as n from listing_photos`,
      );
      for (const p of photos) {
        expect(p.n).toBeGreaterThanOrEqual(3);
        expect(p.n).toBeLessThanOrEqual(6);
        expect(p.alt).toMatch(/^Illustration of /);
        for (const file of photoFiles(dataDir, p.url)) expect(existsSync(file), file).toBe(true);
      }
      const distinct = new Set(photos.map((p) => p.url));
      expect(distinct.size).toBe(listingFiles);
      expect(readdirSync(path.join(dataDir, 'uploads', 'photos')).length).toBe(counts!.photoFiles! * Object.keys(PHOTO_WIDTHS).length);
      const meta = await sharp(path.join(dataDir, [...distinct][0]!)).metadata();
      expect(meta.format).toBe('webp');
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
