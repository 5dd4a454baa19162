import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { todayInIndia } from '../../../domain/dates';
import type { ObjectStore } from '../../storage';
import { deletePhotoFiles, type StoredPhoto } from '../../uploads/photo-store';
import type { Db } from '../client';
import { queryRows } from '../rows';
import { bookingPets, bookings, calendarHolds, listingPhotos, listings, petVaccinations, pets, reviews, users } from '../schema';
import { DEMO_GUESTS, DEMO_HOSTS } from './data';
import { demoId } from './deterministic';
import { photoFolderUsable, processPhotos } from './photos';
import { buildPlan, type Plan } from './plan';
import { seedStayToday } from './stays-demo';
import { seedMeetDemo } from './meets-demo';
import { DEMO_HOST_PHONE, seedVerifiedPhone } from './phone-demo';
import { askAboutMissedArrivals, type StayDeps } from '../../modules/stays';

// The Ahmedabad demo: loaded once into an empty database at start-up (SEED_DEMO), in one
// transaction under an advisory lock so that two processes starting together cannot both load it.
// Everything is deterministic (seeded PRNG, name-derived ids); only dates move with today, so
// that future bookings stay in the future.

/** Any fixed number shared by every process of this app (the migration lock is 7_263_001). */
const SEED_LOCK_KEY = 7_263_002;

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Loads the demo data into an empty database. Returns what it inserted, or null when the demo
 * is already there (another process, or an earlier start, loaded it).
 */
export async function seedDemoData(
  db: Db,
  opts: { photos: ObjectStore; photosDir: string; log: Logger; stays: Omit<StayDeps, 'db'>; testMode: boolean; phoneTestMode?: boolean },
): Promise<Record<string, number> | null> {
  const started = performance.now();
  const stored: StoredPhoto[] = [];
  let photoWork: Promise<unknown> | undefined;
  let stayToday: { stay: NonNullable<Plan['stayToday']>; useFolder: boolean } | undefined;
  let meetDemo: Plan['meetDemo'];
  let missedArrival: Plan['missedArrival'];
  let counts: Record<string, number> | null;
  try {
    counts = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const marker = DEMO_HOSTS[0]!.email;
      const found = await queryRows(tx, z.object({ seeded: z.number() }), sql`select 1 as seeded from users where email = ${marker}`);
      if (found.length > 0) return null;

      const useFolder = photoFolderUsable(opts.photosDir);
      if (!useFolder) {
        opts.log.info({ photosDir: opts.photosDir }, 'demo photo folder not found: using placeholder images');
      }
      const plan = buildPlan(todayInIndia(), opts.photosDir, useFolder);
      if (plan.stayToday) stayToday = { stay: plan.stayToday, useFolder };
      meetDemo = plan.meetDemo;
      missedArrival = plan.missedArrival;

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
  // The stay under way is made by the stays module's services, each in its own transaction, as its
  // guest and host make one: after the rows they work on are committed.
  if (counts && stayToday) {
    await seedStayToday({ db, ...opts.stays }, stayToday.stay, { dir: opts.photosDir, useFolder: stayToday.useFolder });
    counts.staysUnderWay = 1;
  }
  if (counts && meetDemo) {
    if (opts.phoneTestMode ?? true) {
      await seedVerifiedPhone(db, meetDemo.hostId, DEMO_HOST_PHONE);
      counts.phonesVerified = 1;
    }
    await seedMeetDemo({ db, publicUrl: opts.stays.publicUrl, testMode: opts.testMode }, meetDemo);
    // Its request is one more booking.
    counts.bookings! += 1;
    counts.meetsProposed = 1;
  }
  // The stay that began yesterday without a check-in is asked about as the lifecycle job asks.
  if (counts && missedArrival) counts.arrivalsAsked = await askAboutMissedArrivals(db, opts.stays.publicUrl);
  return counts;
}
