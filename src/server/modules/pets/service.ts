import type { Pet, PetCreate, PetUpdate } from '../../../domain/contracts/pet';
import { PET_MESSAGES } from '../../../domain/contracts/pet';
import { formatDocumentDate, todayInIndia } from '../../../domain/dates';
import type { DocumentFileType } from '../../../domain/document-files';
import { PET_LIMITS, type Vaccine, VACCINES, vaccinationDueOn } from '../../../domain/pet-profile';
import type { Db } from '../../db/client';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import type { PrivateFiles } from '../../storage';
import type { PetFileChanges } from './upload';
import {
  deletePetRow,
  deleteVaccinations,
  insertPet,
  lockAndCountOwnerPets,
  lockOwnerPet,
  type PetFields,
  type PetRow,
  selectCertificateFor,
  selectOwnerPet,
  selectOwnerPets,
  selectVaccinations,
  setCertificate,
  updatePetColumns,
  upsertVaccination,
} from './queries';

// Pets and their files. Another user's pet is indistinguishable from a missing one. Files (the
// photo's variants, certificates) are written before the row that names them and deleted after
// the row that named them is gone: a failure leaves at worst an unreferenced file, never a row
// that points at nothing.

export type PetFiles = {
  certificates: PrivateFiles;
  /** Deletes a stored photo's variants (uploads/photo-store.ts). */
  deletePhoto: (url: string) => Promise<void>;
};

const petNotFound = () => notFound(PET_MESSAGES.notFound);

export function toPet(row: PetRow): Pet {
  const vaccinations: Pet['vaccinations'] = { rabies: null, core: null };
  for (const v of row.vaccinations) vaccinations[v.vaccine] = { given_on: v.given_on, due_on: vaccinationDueOn(v.given_on), has_certificate: v.has_certificate };
  const { owner_id: _owner, created_at, vaccinations: _rows, ...same } = row;
  return { ...same, vaccinations, created_at: new Date(created_at).toISOString() };
}

async function readPet(db: Db, ownerId: string, id: string): Promise<Pet> {
  const row = await selectOwnerPet(db, ownerId, id, todayInIndia());
  if (!row) throw petNotFound();
  return toPet(row);
}

export async function listPets(db: Db, ownerId: string): Promise<Pet[]> {
  return (await selectOwnerPets(db, ownerId, todayInIndia())).map(toPet);
}

export const getPet = readPet;

/**
 * Writes `vaccinations` (a date records a dose, null removes it, absent leaves it) of pet `id`
 * with `tx`; answers the certificate files no row names any more, for the caller to delete once
 * `tx` has committed.
 */
async function writeVaccinations(tx: Db, petId: string, vaccinations: Partial<Record<Vaccine, string | null>>): Promise<string[]> {
  const before = new Map((await selectVaccinations(tx, petId)).map((v) => [v.vaccine, v]));
  const orphaned: string[] = [];
  const removed: Vaccine[] = [];
  for (const vaccine of VACCINES) {
    const given = vaccinations[vaccine];
    if (given === undefined) continue;
    const old = before.get(vaccine);
    if (given === null) {
      if (old) removed.push(vaccine);
      if (old?.certificate_key) orphaned.push(old.certificate_key);
      continue;
    }
    if (old?.certificate_key && old.given_on !== given) orphaned.push(old.certificate_key);
    await upsertVaccination(tx, petId, vaccine, given);
  }
  await deleteVaccinations(tx, petId, removed);
  return orphaned;
}

const removeAll = (files: PrivateFiles, keys: readonly string[]) => Promise.all(keys.map((k) => files.remove(k)));

export async function createPet(db: Db, ownerId: string, input: PetCreate): Promise<Pet> {
  const { vaccinations, ...fields } = input;
  const id = await db.transaction(async (tx) => {
    if ((await lockAndCountOwnerPets(tx, ownerId)) >= PET_LIMITS.perOwner) throw new HttpError(409, 'too_many_pets', PET_MESSAGES.tooMany);
    const petId = await insertPet(tx, ownerId, fields);
    await writeVaccinations(tx, petId, vaccinations);
    return petId;
  });
  return readPet(db, ownerId, id);
}

export async function updatePet(db: Db, files: PetFiles, ownerId: string, id: string, changes: PetUpdate): Promise<Pet> {
  const { vaccinations: given, ...fields } = changes;
  const orphaned = await db.transaction(async (tx) => {
    const locked = await lockOwnerPet(tx, ownerId, id);
    if (!locked) throw petNotFound();
    // The core vaccine is the type's own (DHPPi, FVRCP): a dog's dose is no cat's. A new type
    // drops the old one, with its certificate, unless the change gives the new one's date.
    const retyped = fields.type !== undefined && fields.type !== locked.type;
    const vaccinations = retyped && given?.core === undefined ? { ...given, core: null } : given;
    // The birth date and the doses may arrive in separate changes: checked against what is stored.
    const birth = fields.birth_date === undefined ? locked.birth_date : fields.birth_date;
    const stored = await selectVaccinations(tx, id);
    for (const vaccine of VACCINES) {
      const dose = vaccinations?.[vaccine] === undefined ? stored.find((v) => v.vaccine === vaccine)?.given_on : vaccinations[vaccine];
      if (birth && dose && dose < birth) throw badRequest(PET_MESSAGES.givenBeforeBirth, { [`vaccinations.${vaccine}`]: PET_MESSAGES.givenBeforeBirth });
    }
    if (Object.keys(fields).length > 0) await updatePetColumns(tx, id, fields as Partial<PetFields>);
    return vaccinations ? writeVaccinations(tx, id, vaccinations) : [];
  });
  await removeAll(files.certificates, orphaned);
  return readPet(db, ownerId, id);
}

/** Deletes a pet, unless a request or stay not yet over brings it (the profile is what the host reads). */
export async function deletePet(db: Db, files: PetFiles, ownerId: string, id: string): Promise<void> {
  const today = todayInIndia();
  const gone = await db.transaction(async (tx) => {
    // Locked first: a request naming this pet (which reads it under a share lock) waits, or is seen.
    const locked = await lockOwnerPet(tx, ownerId, id);
    if (!locked) throw petNotFound();
    const pet = (await selectOwnerPet(tx, ownerId, id, today))!;
    if (pet.upcoming_stay) {
      const { start_date, listing_title } = pet.upcoming_stay;
      throw new HttpError(
        409,
        'pet_in_stay',
        `${pet.name} is booked for ${listing_title} from ${formatDocumentDate(start_date)}. You can delete this profile once that stay is over or cancelled.`,
      );
    }
    const keys = (await selectVaccinations(tx, id)).flatMap((v) => (v.certificate_key ? [v.certificate_key] : []));
    await deletePetRow(tx, id);
    return { keys, photo: locked.photo_url };
  });
  await removeAll(files.certificates, gone.keys);
  if (gone.photo) await files.deletePhoto(gone.photo);
}

/**
 * Gives pet `id` the photo stored at `url` (its variants already written), or none; the old one's
 * files are deleted once the row no longer names them. Throws only before that row is changed.
 */
export async function setPetPhoto(db: Db, files: PetFiles, ownerId: string, id: string, url: string | null): Promise<void> {
  const old = await db.transaction(async (tx) => {
    const locked = await lockOwnerPet(tx, ownerId, id);
    if (!locked) throw petNotFound();
    await updatePetColumns(tx, id, { photo_url: url });
    return locked.photo_url;
  });
  if (old && old !== url) await files.deletePhoto(old).catch(() => {});
}

/** Keeps `bytes` as the certificate of pet `id`'s `vaccine`, which must be recorded; the old file is deleted. */
export async function saveCertificate(
  db: Db,
  files: PetFiles,
  ownerId: string,
  id: string,
  vaccine: Vaccine,
  file: { bytes: Buffer; type: DocumentFileType } | null,
): Promise<Pet> {
  const key = file ? await files.certificates.put(file.bytes) : null;
  let old: string | null = null;
  try {
    await db.transaction(async (tx) => {
      if (!(await lockOwnerPet(tx, ownerId, id))) throw petNotFound();
      const recorded = (await selectVaccinations(tx, id)).find((v) => v.vaccine === vaccine);
      if (!recorded) {
        if (!file) throw notFound(PET_MESSAGES.certificateNotFound);
        throw conflict(PET_MESSAGES.noVaccination);
      }
      old = recorded.certificate_key;
      await setCertificate(tx, id, vaccine, key && file ? { key, type: file.type } : null);
    });
  } catch (err) {
    if (key) await files.certificates.remove(key);
    throw err;
  }
  if (old) await files.certificates.remove(old);
  return readPet(db, ownerId, id);
}

/**
 * Applies a files form (upload.ts) to pet `id` in one transaction: its photo and certificates as
 * the form says, or, on any refusal, none of them. A certificate needs its vaccination recorded.
 * The files no row names any more are deleted after the commit; the new ones are the caller's to
 * delete if this throws.
 */
export async function savePetFiles(db: Db, files: PetFiles, ownerId: string, id: string, changes: PetFileChanges): Promise<Pet> {
  const old = await db.transaction(async (tx) => {
    const locked = await lockOwnerPet(tx, ownerId, id);
    if (!locked) throw petNotFound();
    const recorded = new Map((await selectVaccinations(tx, id)).map((v) => [v.vaccine, v]));
    const certificates: string[] = [];
    for (const vaccine of VACCINES) {
      const file = changes.certificates[vaccine];
      if (file === undefined) continue;
      const dose = recorded.get(vaccine);
      if (!dose) {
        if (file === null) continue;
        throw new HttpError(409, 'conflict', PET_MESSAGES.noVaccination, { [vaccine]: PET_MESSAGES.noVaccination });
      }
      if (dose.certificate_key) certificates.push(dose.certificate_key);
      await setCertificate(tx, id, vaccine, file);
    }
    if (changes.photo !== undefined) await updatePetColumns(tx, id, { photo_url: changes.photo });
    return { certificates, photo: changes.photo !== undefined ? locked.photo_url : null };
  });
  await removeAll(files.certificates, old.certificates).catch(() => {});
  if (old.photo) await files.deletePhoto(old.photo).catch(() => {});
  return readPet(db, ownerId, id);
}

/** A certificate, for its pet's owner or a host the owner has an open request or stay with; a 404 for anyone else. */
export async function openCertificate(db: Db, files: PetFiles, userId: string, petId: string, vaccine: Vaccine) {
  const row = await selectCertificateFor(db, userId, petId, vaccine, todayInIndia());
  const bytes = row && (await files.certificates.read(row.certificate_key));
  if (!row || !bytes) throw notFound(PET_MESSAGES.certificateNotFound);
  return { bytes, type: row.certificate_type };
}
