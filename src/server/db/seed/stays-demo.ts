import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { timeInIndia } from '../../../domain/dates';
import { careSheetSchema } from '../../../domain/stays/care-sheet';
import { checkIn, postUpdate, removeStoredPhotos, reportStayProblem, saveCareSheet, type StayDeps, storeUpdatePhoto, type StoredUpdatePhoto } from '../../modules/stays';
import { placeholderPhoto } from './placeholder';
import type { Plan } from './plan';

// The stay itself in the demo (issue 37), made through the stays module's services as its guest
// and host would make it: the demo guest's stay that starts today gets Bruno's care sheet, the
// host's check-in with a photo, a first update with photos and ticks, and a small problem (with a photo) the
// host reports (open, not urgent: the stay's Help section and the operators' Incidents queue
// show it). Run after the demo's rows are committed; the photos come from the demo folder when
// there is one.

const SHEET = {
  food: { what: 'Royal Canin Golden Retriever Adult, no chicken', amount: '2 cups', times: ['08:00', '19:00'] },
  medicines: [{ name: 'Joint supplement', dose: '1 chew', times: ['19:00'] }],
  walks: 'A long walk before 7 pm, about 40 minutes; he loves a game of fetch',
  habits: 'Gentle and eager to please; good with children and other dogs. Nervous of fireworks.',
  house_training: 'Fully house trained; asks at the door',
  vet: { name: 'Dr. Kavita Desai', clinic: 'Anand Pet Clinic, Bodakdev', phone: '079 2685 4411' },
  emergency_contact: { name: 'Rakesh Sharma', phone: '98240 11223' },
};

async function photoBytes(photosDir: string, useFolder: boolean, file: string | undefined, fallback: number): Promise<Buffer> {
  if (useFolder && file) return readFile(path.join(photosDir, file));
  return (await placeholderPhoto(fallback)).data;
}

export async function seedStayToday(deps: StayDeps, stay: NonNullable<Plan['stayToday']>, photos: { dir: string; useFolder: boolean }): Promise<void> {
  await saveCareSheet(deps.db, stay.guestId, stay.bookingId, stay.petId, careSheetSchema.parse(SHEET));
  const stored: StoredUpdatePhoto[] = [];
  // The photos a committed update refers to stay; the others are removed if a step fails.
  let committed = 0;
  try {
    await storeUpdatePhoto(await photoBytes(photos.dir, photos.useFolder, stay.photo, 3), deps.photos, stored);
    await checkIn(deps, stay.hostId, stay.bookingId, { note: `${stay.petName} is here and already exploring the garden.`, photos: stored.slice(0, 1) });
    committed = 1;
    const second = photos.useFolder && stay.photo ? stay.photo.replace('dog-09-retriever-o5ky', 'dog-10-retriever-beach-o5ky') : undefined;
    await storeUpdatePhoto(await photoBytes(photos.dir, photos.useFolder, second, 5), deps.photos, stored);
    const now = timeInIndia();
    await postUpdate(
      deps,
      stay.hostId,
      stay.bookingId,
      {
        note: `A long game of fetch, then ${stay.petName} stretched out in the shade for a nap. Ate every bit of his food.`,
        log: [
          { pet_id: stay.petId, kind: 'played', at: now, medicine: null },
          { pet_id: stay.petId, kind: 'walked', at: now, medicine: null },
        ],
      },
      stored.slice(1),
    );
    committed = stored.length;
    // The report carries a photo too, as the form lets either side send: Bruno calm again.
    await storeUpdatePhoto(await photoBytes(photos.dir, photos.useFolder, stay.photo, 7), deps.photos, stored);
    await reportStayProblem(deps, stay.hostId, stay.bookingId, {
      kind: 'behaviour',
      description: `${stay.petName} barked at the neighbour's dog on the evening walk and pulled hard on the lead. Calm again now, just letting you know.`,
      photos: stored.slice(committed),
    });
    committed = stored.length;
  } catch (err) {
    await removeStoredPhotos(deps.photos, stored.slice(committed));
    throw err;
  }
}
