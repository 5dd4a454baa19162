import { z } from 'zod';
import { uuidInput } from '../contracts/params';
import { isStorableText, UNSTORABLE_TEXT } from '../storable-text';
import { CARE_TICK_KINDS, STAY_UPDATE_LIMITS } from './care-log';
import { careTime } from './care-sheet';

// A stay update's words and care log, as the host's form sends them beside its photos (a
// multipart form: `note`, and `log` as JSON). The server checks them with this schema after the
// photos have been read; the photos themselves are checked by the photo pipeline.

export const STAY_UPDATE_MESSAGES = {
  empty: 'Add a photo, a few words or a tick to post an update',
  note: `Keep the update under ${STAY_UPDATE_LIMITS.note} characters`,
  tooManyPhotos: `An update holds up to ${STAY_UPDATE_LIMITS.photos} photos`,
  tooManyTicks: `An update holds up to ${STAY_UPDATE_LIMITS.ticks} ticks`,
  log: 'The care log could not be read',
  tickPet: 'This pet is not on this stay',
  perDay: `You have posted ${STAY_UPDATE_LIMITS.perDay} updates today, and the guest is told of each one. Please add more to tomorrow's.`,
} as const;

export const careTickSchema = z.object({
  pet_id: uuidInput(STAY_UPDATE_MESSAGES.tickPet),
  kind: z.enum(CARE_TICK_KINDS, { error: STAY_UPDATE_MESSAGES.log }),
  at: careTime,
  medicine: z.string().trim().max(100).refine(isStorableText, UNSTORABLE_TEXT).nullish().transform((v) => (v ? v : null)),
});

export const stayUpdateFieldsSchema = z.object({
  note: z.string().trim().max(STAY_UPDATE_LIMITS.note, STAY_UPDATE_MESSAGES.note).refine(isStorableText, UNSTORABLE_TEXT).default(''),
  log: z.array(careTickSchema, { error: STAY_UPDATE_MESSAGES.log }).max(STAY_UPDATE_LIMITS.ticks, STAY_UPDATE_MESSAGES.tooManyTicks).default([]),
});

export type StayUpdateFields = z.output<typeof stayUpdateFieldsSchema>;
