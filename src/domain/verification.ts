import { addDays, formatInstantInIndia, type IsoDate, instantInIndia, todayInIndia } from './dates';

// Host verification (PRODUCT.md section 8, issue 23): what earns the Verified badge. A host sends
// three things: a government ID, a confirmation that their listing photos are of their own home,
// and a video-call slot; an operator then approves or rejects with a reason. The rules both sides
// read are here: the IDs we take, the call's hours, and the states a request goes through.

export const ID_DOCUMENT_TYPES = ['pan', 'passport', 'driving_licence', 'voter_id', 'aadhaar_masked'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

export const ID_DOCUMENT_NAMES: Record<IdDocumentType, string> = {
  pan: /*i18n*/ 'PAN card',
  passport: /*i18n*/ 'Passport',
  driving_licence: /*i18n*/ 'Driving licence',
  voter_id: /*i18n*/ 'Voter ID',
  aadhaar_masked: /*i18n*/ 'Masked Aadhaar',
};

/** What the form tells a host who sends an Aadhaar: we never take the full number. */
export const AADHAAR_MASKING_HELP =
  /*i18n*/ 'Send a masked Aadhaar only: download it from the UIDAI website with "Do you want a masked Aadhaar?" ticked, so that only the last 4 digits of the number show. We cannot accept a copy that shows all 12 digits.';

/** The files an ID may be (domain/document-files.ts): what the server checks by content, not by name. */
export {
  DOCUMENT_FILE_MAX_BYTES as ID_FILE_MAX_BYTES,
  DOCUMENT_FILE_TYPES as ID_FILE_TYPES,
  type DocumentFileType as IdFileType,
  sniffDocumentFile as sniffIdFileType,
} from './document-files';

/** What the host and the operator are told, word for word on both sides. */
export const VERIFICATION_MESSAGES = {
  idType: /*i18n*/ 'Choose the kind of ID you are sending',
  idFile: /*i18n*/ 'Choose a photo or scan of your ID: JPEG, PNG or PDF',
  idFileType: /*i18n*/ 'This file is not a JPEG, PNG or PDF. Send a photo or scan of your ID in one of those.',
  idFileSize: /*i18n*/ 'Your ID file must be 10 MB or smaller',
  photos: /*i18n*/ 'Confirm that the photos are of your own home',
  noPhotos: /*i18n*/ 'Add photos to a listing first: we check them against your home on the call',
  slot: /*i18n*/ 'Choose one of the call times offered',
  slotTaken: /*i18n*/ 'That call time was just taken. Please choose another.',
  incomplete: /*i18n*/ 'Finish the three steps first: your ID, your photos and a call time',
  underReview: /*i18n*/ 'Your verification is under review: we will e-mail you when it is decided',
  alreadyVerified: /*i18n*/ 'You are already verified',
  reason: /*i18n*/ 'Tell the host why, in a sentence or two (at least 10 characters)',
} as const;

/** A request's life: a draft while the host fills it in, then under review, then decided. */
export const VERIFICATION_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** How long after the decision the ID file is kept (PRODUCT.md section 8), then deleted by a job. */
export const ID_FILE_KEPT_DAYS = 30;

/** The call's hours, India time, as /contact gives them: Mon-Fri 9-6, Sat 10-4; Sunday closed. */
const CALL_HOURS: Record<number, readonly [number, number] | undefined> = {
  1: [9, 18],
  2: [9, 18],
  3: [9, 18],
  4: [9, 18],
  5: [9, 18],
  6: [10, 16],
};
/** Each call takes half an hour. */
export const CALL_SLOT_MINUTES = 30;
/** Slots are offered over this many business days, starting tomorrow. */
export const CALL_BUSINESS_DAYS = 5;

const weekday = (date: IsoDate) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The call slots on offer at `now`: each half hour of the next 5 business days, from tomorrow (India). */
export function callSlots(now: Date = new Date()): { date: IsoDate; starts: string[] }[] {
  const days: { date: IsoDate; starts: string[] }[] = [];
  for (let date = addDays(todayInIndia(now), 1); days.length < CALL_BUSINESS_DAYS; date = addDays(date, 1)) {
    const hours = CALL_HOURS[weekday(date)];
    if (!hours) continue;
    const starts: string[] = [];
    const first = instantInIndia(date, hours[0]).getTime();
    const end = instantInIndia(date, hours[1]).getTime();
    for (let t = first; t + CALL_SLOT_MINUTES * 60_000 <= end; t += CALL_SLOT_MINUTES * 60_000) starts.push(new Date(t).toISOString());
    days.push({ date, starts });
  }
  return days;
}

/** Whether `start` (an ISO instant) is one of the slots on offer at `now`. */
export function isOfferedSlot(start: string, now: Date = new Date()): boolean {
  const t = Date.parse(start);
  if (Number.isNaN(t)) return false;
  const iso = new Date(t).toISOString();
  return callSlots(now).some((day) => day.starts.includes(iso));
}

/** "27 Nov, 10:30 am" (India time), as the host and the operator read a slot. */
export const formatCallSlot = (start: string | Date) => formatInstantInIndia(start);
