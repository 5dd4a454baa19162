import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { OPEN_BOOKING_STATUSES } from '../../../domain/bookings';
import type { IsoDate } from '../../../domain/dates';
import { DOCUMENT_FILE_TYPES, type DocumentFileType } from '../../../domain/document-files';
import { petResponseSchema, storedVaccinationSchema } from '../../../domain/contracts/pet';
import type { Vaccine } from '../../../domain/pet-profile';
import type { PET_SIZES } from '../../../domain/pet-sizes';
import type { PET_TYPES } from '../../../domain/pet-types';
import type { Db } from '../../db/client';
import { instantColumn, lockNamed, queryRows } from '../../db/rows';
import { petVaccinations, pets } from '../../db/schema';

// The pets' SQL. Every query of the owner's names the owner: another user's pet is
// indistinguishable from a missing one. The one exception, a certificate opened by a host, asks
// for the host's open booking of that pet in the same query.

/** Bookings `b` that still bring their pets on `today` (domain/bookings.ts bringsPets). */
const bringsPets = (today: IsoDate) =>
  sql`b.status = any(${`{${OPEN_BOOKING_STATUSES.join(',')}}`}::text[]) and b.end_date >= ${today}::date`;

const petRow = petResponseSchema.omit({ vaccinations: true, created_at: true }).extend({
  owner_id: z.string(),
  vaccinations: z.array(storedVaccinationSchema),
  created_at: instantColumn,
});
export type PetRow = z.infer<typeof petRow>;

/** The pets matching `where` (over `p`), oldest first, each with its vaccinations and first stay not yet over. */
function selectPets(db: Db, where: SQL, today: IsoDate): Promise<PetRow[]> {
  return queryRows(db, petRow, sql`
    select p.id, p.owner_id, p.name, p.type, p.breed, p.size, p.notes, p.temperament, p.weight_kg,
      p.birth_date::text as birth_date, p.neutered, p.photo_url, p.created_at,
      coalesce((
        select json_agg(json_build_object('vaccine', v.vaccine, 'given_on', v.given_on::text, 'has_certificate', v.certificate_key is not null) order by v.vaccine)
        from pet_vaccinations v where v.pet_id = p.id
      ), '[]'::json) as vaccinations,
      (
        select json_build_object('start_date', b.start_date::text, 'listing_title', l.title)
        from booking_pets bp join bookings b on b.id = bp.booking_id join listings l on l.id = b.listing_id
        where bp.pet_id = p.id and ${bringsPets(today)}
        order by b.start_date, b.id limit 1
      ) as upcoming_stay
    from pets p
    where ${where}
    order by p.created_at, p.id
  `);
}

/** The owner's pets, oldest first. */
export const selectOwnerPets = (db: Db, ownerId: string, today: IsoDate) => selectPets(db, sql`p.owner_id = ${ownerId}`, today);

/** The owner's pet `id`, if it is theirs. */
export async function selectOwnerPet(db: Db, ownerId: string, id: string, today: IsoDate): Promise<PetRow | undefined> {
  return (await selectPets(db, sql`p.id = ${id} and p.owner_id = ${ownerId}`, today))[0];
}

/** The profile's own columns, as the API names them. */
export type PetFields = {
  name: string;
  type: (typeof PET_TYPES)[number];
  breed: string | null;
  size: (typeof PET_SIZES)[number];
  notes: string | null;
  temperament: string | null;
  weight_kg: number | null;
  birth_date: IsoDate | null;
  neutered: boolean | null;
};

const toColumns = ({ weight_kg, birth_date, ...same }: Partial<PetFields>) => ({
  ...same,
  ...(weight_kg === undefined ? {} : { weightKg: weight_kg }),
  ...(birth_date === undefined ? {} : { birthDate: birth_date }),
});

/** Counts the owner's pets, after a lock (held until `tx` ends) that makes pets added at once count one after another. */
export async function lockAndCountOwnerPets(tx: Db, ownerId: string): Promise<number> {
  await lockNamed(tx, `pets of ${ownerId}`);
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(pets).where(eq(pets.ownerId, ownerId));
  return Number(row!.n);
}

export async function insertPet(db: Db, ownerId: string, input: PetFields): Promise<string> {
  const [row] = await db.insert(pets).values({ ...toColumns(input), name: input.name, type: input.type, size: input.size, ownerId }).returning({ id: pets.id });
  return row!.id;
}

/**
 * Locks the owner's pet `id` until `tx` ends and answers its type, birth date and photo; undefined if it
 * is not theirs. Changes to a pet's profile and files take their turn behind this lock.
 */
export async function lockOwnerPet(tx: Db, ownerId: string, id: string) {
  const [row] = await tx
    .select({ type: pets.type, birth_date: pets.birthDate, photo_url: pets.photoUrl })
    .from(pets)
    .where(and(eq(pets.id, id), eq(pets.ownerId, ownerId)))
    .for('update');
  return row;
}

export async function updatePetColumns(db: Db, id: string, changes: Partial<PetFields> & { photo_url?: string | null }): Promise<void> {
  const { photo_url, ...fields } = changes;
  await db
    .update(pets)
    .set({ ...toColumns(fields), ...(photo_url === undefined ? {} : { photoUrl: photo_url }), updatedAt: sql`now()` })
    .where(eq(pets.id, id));
}

/** The stored vaccinations of pet `id`, with their certificate files. */
export function selectVaccinations(db: Db, petId: string) {
  return db
    .select({ vaccine: petVaccinations.vaccine, given_on: petVaccinations.givenOn, certificate_key: petVaccinations.certificateKey })
    .from(petVaccinations)
    .where(eq(petVaccinations.petId, petId));
}

/** Records a dose given on `givenOn`; a new date drops the certificate of the old dose (the caller deletes its file). */
export async function upsertVaccination(db: Db, petId: string, vaccine: Vaccine, givenOn: IsoDate): Promise<void> {
  await db
    .insert(petVaccinations)
    .values({ petId, vaccine, givenOn })
    .onConflictDoUpdate({
      target: [petVaccinations.petId, petVaccinations.vaccine],
      set: {
        givenOn,
        certificateKey: sql`case when ${petVaccinations.givenOn} = excluded.given_on then ${petVaccinations.certificateKey} end`,
        certificateType: sql`case when ${petVaccinations.givenOn} = excluded.given_on then ${petVaccinations.certificateType} end`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteVaccinations(db: Db, petId: string, vaccines: readonly Vaccine[]): Promise<void> {
  if (vaccines.length === 0) return;
  await db.delete(petVaccinations).where(and(eq(petVaccinations.petId, petId), inArray(petVaccinations.vaccine, [...vaccines])));
}

/** Sets (or with null, clears) a vaccination's certificate; false when the vaccination is not recorded. */
export async function setCertificate(db: Db, petId: string, vaccine: Vaccine, file: { key: string; type: DocumentFileType } | null): Promise<boolean> {
  const updated = await db
    .update(petVaccinations)
    .set({ certificateKey: file?.key ?? null, certificateType: file?.type ?? null, updatedAt: sql`now()` })
    .where(and(eq(petVaccinations.petId, petId), eq(petVaccinations.vaccine, vaccine)))
    .returning({ pet_id: petVaccinations.petId });
  return updated.length > 0;
}

/** Deletes pet `id` (its vaccinations go with it). */
export async function deletePetRow(db: Db, id: string): Promise<void> {
  await db.delete(pets).where(eq(pets.id, id));
}

const certificateRow = z.object({ certificate_key: z.string(), certificate_type: z.enum(DOCUMENT_FILE_TYPES) });

/**
 * The certificate of pet `petId`'s `vaccine`, if `userId` may open it: the pet's owner, or the
 * host of a listing the owner has a request or stay with, for this pet, that is still open (its
 * check-out day at the latest, whether or not the lifecycle job has closed it yet).
 */
export async function selectCertificateFor(db: Db, userId: string, petId: string, vaccine: Vaccine, today: IsoDate) {
  const [row] = await queryRows(db, certificateRow, sql`
    select v.certificate_key, v.certificate_type
    from pet_vaccinations v join pets p on p.id = v.pet_id
    where v.pet_id = ${petId} and v.vaccine = ${vaccine} and v.certificate_key is not null
      and (p.owner_id = ${userId} or exists (
        select 1 from booking_pets bp join bookings b on b.id = bp.booking_id join listings l on l.id = b.listing_id
        where bp.pet_id = p.id and b.owner_id = p.owner_id and l.host_id = ${userId} and ${bringsPets(today)}
      ))
  `);
  return row;
}
