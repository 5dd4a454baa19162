import { addYears, daysBetween, type IsoDate, monthsBetween } from './dates';
import type { PetSize } from './pet-sizes';
import type { PetType } from './pet-types';

// A pet's profile (PRODUCT.md section 9): what its weight suggests for a size, how old it is, and
// whether its vaccinations are current. No zod here: the pets page and the listing page's booking
// card show these without loading the schemas.

export const PET_LIMITS = {
  name: 50,
  breed: 100,
  temperament: 200,
  notes: 500,
  /** Kilograms, to one decimal. A Great Dane tops out near 90 kg; 120 leaves room and catches typos. */
  weightKg: { min: 0.1, max: 120 },
  /** No pet on a profile is older than this. */
  maxAgeYears: 35,
  /** Profiles per owner: a household's pets, with room to spare; each may hold 30 MB of files. */
  perOwner: 20,
} as const;

/** The two vaccinations a profile records: rabies, and the core vaccine of its type. */
export const VACCINES = ['rabies', 'core'] as const;
export type Vaccine = (typeof VACCINES)[number];

/** The core vaccine by type: DHPPi for dogs (distemper, hepatitis, parvovirus, parainfluenza), FVRCP for cats. */
const CORE_VACCINE: Record<PetType, string> = { dog: 'DHPPi', cat: 'FVRCP' };

/** "rabies", "DHPPi" or "FVRCP": a vaccination's name within a sentence. */
export function vaccineName(vaccine: Vaccine, type: PetType): string {
  return vaccine === 'rabies' ? 'rabies' : CORE_VACCINE[type];
}

/** "Rabies", "DHPPi" or "FVRCP": as a label. */
export function vaccineLabel(vaccine: Vaccine, type: PetType): string {
  return vaccine === 'rabies' ? 'Rabies' : CORE_VACCINE[type];
}

/** Where a vaccination's certificate is opened (its route checks who asks). */
export const certificatePath = (petId: string, vaccine: Vaccine) => `/api/pets/${petId}/vaccinations/${vaccine}/certificate`;

/** Both vaccinations are given yearly in India: a dose covers one year. */
export const VACCINATION_VALID_YEARS = 1;

export type VaccinationState = 'missing' | 'current' | 'due';

/** The day a dose given on `givenOn` is due again: its first anniversary. */
export const vaccinationDueOn = (givenOn: IsoDate): IsoDate => addYears(givenOn, VACCINATION_VALID_YEARS);

/** Whether a dose given on `givenOn` (null: none recorded) still covers the pet `on` that day; due from its anniversary. */
export function vaccinationState(givenOn: IsoDate | null, on: IsoDate): VaccinationState {
  if (givenOn === null) return 'missing';
  return on < vaccinationDueOn(givenOn) ? 'current' : 'due';
}

/**
 * The size a weight suggests, on the booking form's bands (SPEC.md: small under 10 kg, medium
 * 10-25 kg, large over 25 kg), split further for the profile: extra small under 5 kg, extra
 * large over 45 kg.
 */
export function suggestedSize(weightKg: number): PetSize {
  if (weightKg < 5) return 'xs';
  if (weightKg < 10) return 's';
  if (weightKg <= 25) return 'm';
  if (weightKg <= 45) return 'l';
  return 'xl';
}

/** A pet's age from its birth date, in the largest whole unit: years, else months, else weeks (0: under a week). */
export function petAge(birthDate: IsoDate, today: IsoDate): { unit: 'year' | 'month' | 'week'; count: number } {
  const months = monthsBetween(birthDate, today);
  if (months >= 12) return { unit: 'year', count: Math.floor(months / 12) };
  if (months >= 1) return { unit: 'month', count: months };
  return { unit: 'week', count: Math.floor(daysBetween(birthDate, today) / 7) };
}

/** "Bruno's", "Mittens's": a name's possessive, as the issue and the host read it. */
export const possessive = (name: string) => `${name}'s`;
