import { z } from 'zod';
import { listWords } from '../words';
import { isStorableText, UNSTORABLE_TEXT } from '../storable-text';

// A pet's care sheet for one stay (PRODUCT.md section 10): what the host needs to look after it,
// written by the guest once the stay is paid, begun from the pet's profile or its last sheet. The
// same schema checks the form in the browser and the body on the server; the server adds the one
// rule it alone can know (the emergency contact is not the guest: emergencyContactProblem).

export const CARE_SHEET_LIMITS = {
  short: 100,
  long: 500,
  medicines: 5,
  /** Feeding or medicine times a day. */
  times: 4,
} as const;

export const CARE_SHEET_MESSAGES = {
  foodWhat: 'Say what your pet eats',
  foodAmount: 'Say how much, for example 1 cup',
  foodTimes: 'Add at least one feeding time',
  medicineName: "Enter the medicine's name",
  medicineDose: 'Enter the dose',
  medicineTimes: 'Add at least one time for this medicine',
  tooManyMedicines: `A care sheet lists up to ${CARE_SHEET_LIMITS.medicines} medicines`,
  tooManyTimes: `Up to ${CARE_SHEET_LIMITS.times} times a day`,
  time: 'Enter a time such as 08:00',
  vetName: "Enter the vet's name",
  vetClinic: "Enter the vet's clinic",
  phone: 'Enter a valid Indian phone number',
  contactName: "Enter the emergency contact's name",
  contactIsGuest: 'The emergency contact must be someone other than you',
  tooLong: (max: number) => `Keep this under ${max} characters`,
} as const;

/**
 * An Indian phone number as E.164: a mobile (98765 43210) or a landline with its area code
 * (079 2640 1234), with or without +91 or 0 in front. A vet's clinic often has only a landline.
 */
export function normaliseIndianPhone(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '');
  const m = /^(?:\+91|91|0)?([1-9]\d{9})$/.exec(digits);
  return m ? `+91${m[1]}` : null;
}

const text = (max: number, required?: string) => {
  const base = z
    .string({ error: required ?? CARE_SHEET_MESSAGES.tooLong(max) })
    .trim()
    .max(max, CARE_SHEET_MESSAGES.tooLong(max))
    .refine(isStorableText, UNSTORABLE_TEXT);
  return required ? base.min(1, required) : base;
};

/** "08:00": a time of day, 24-hour, as an <input type="time"> gives it. */
export const careTime = z.string({ error: CARE_SHEET_MESSAGES.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, CARE_SHEET_MESSAGES.time);

const times = (required: string) =>
  z
    .array(careTime, { error: required })
    .min(1, required)
    .max(CARE_SHEET_LIMITS.times, CARE_SHEET_MESSAGES.tooManyTimes)
    // The same time twice is one time; kept in the day's order, as the care log checks them.
    .transform((list) => [...new Set(list)].sort());

const phone = z
  .string({ error: CARE_SHEET_MESSAGES.phone })
  .max(20, CARE_SHEET_MESSAGES.phone)
  .transform((value, ctx) => normaliseIndianPhone(value) ?? (ctx.addIssue({ code: 'custom', message: CARE_SHEET_MESSAGES.phone }), z.NEVER));

export const careSheetSchema = z.object({
  food: z.object({
    what: text(CARE_SHEET_LIMITS.short, CARE_SHEET_MESSAGES.foodWhat),
    amount: text(CARE_SHEET_LIMITS.short, CARE_SHEET_MESSAGES.foodAmount),
    times: times(CARE_SHEET_MESSAGES.foodTimes),
  }),
  medicines: z
    .array(
      z.object({
        name: text(CARE_SHEET_LIMITS.short, CARE_SHEET_MESSAGES.medicineName),
        dose: text(CARE_SHEET_LIMITS.short, CARE_SHEET_MESSAGES.medicineDose),
        times: times(CARE_SHEET_MESSAGES.medicineTimes),
      }),
    )
    .max(CARE_SHEET_LIMITS.medicines, CARE_SHEET_MESSAGES.tooManyMedicines),
  walks: text(CARE_SHEET_LIMITS.long),
  habits: text(CARE_SHEET_LIMITS.long).describe('Habits and fears'),
  house_training: text(CARE_SHEET_LIMITS.long),
  vet: z.object({
    name: text(CARE_SHEET_LIMITS.short, CARE_SHEET_MESSAGES.vetName),
    clinic: text(CARE_SHEET_LIMITS.short, CARE_SHEET_MESSAGES.vetClinic),
    phone,
  }),
  emergency_contact: z.object({
    name: text(CARE_SHEET_LIMITS.short, CARE_SHEET_MESSAGES.contactName),
    phone,
  }),
});

export type CareSheetInput = z.input<typeof careSheetSchema>;
export type CareSheet = z.output<typeof careSheetSchema>;

/** An empty sheet, begun from what the pet's profile already says. */
export function careSheetFromProfile(pet: { temperament: string | null; notes: string | null }): CareSheetInput {
  return {
    food: { what: '', amount: '', times: [] },
    medicines: [],
    walks: '',
    habits: [pet.temperament, pet.notes].filter((s): s is string => !!s && s.trim() !== '').join('\n').slice(0, CARE_SHEET_LIMITS.long),
    house_training: '',
    vet: { name: '', clinic: '', phone: '' },
    emergency_contact: { name: '', phone: '' },
  };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The emergency contact is someone the host can call when the guest cannot be reached: not the
 * guest by phone, nor by name. Null when the sheet's contact is someone else.
 */
export function emergencyContactProblem(sheet: Pick<CareSheet, 'emergency_contact'>, guest: { name: string; phone: string | null }): string | null {
  const c = sheet.emergency_contact;
  if (guest.phone && normaliseIndianPhone(guest.phone) === c.phone) return CARE_SHEET_MESSAGES.contactIsGuest;
  if (guest.name.trim() !== '' && sameName(guest.name, c.name)) return CARE_SHEET_MESSAGES.contactIsGuest;
  return null;
}

/** "Complete the care sheet for Bruno", or for several: "Complete the care sheets for Bruno and Coco". */
export function missingCareSheetsMessage(petNames: readonly string[]): string {
  return `Complete the care ${petNames.length === 1 ? 'sheet' : 'sheets'} for ${listWords(petNames)}`;
}
