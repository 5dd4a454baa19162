import type { IsoDate } from './dates';
import { possessive, type Vaccine, VACCINES, vaccinationState, vaccineName } from './pet-profile';
import { petTypesText, staySizesText } from './pet-policy-labels';
import { type PetSize, type StaySize, staySizeOf } from './pet-sizes';
import type { PetType } from './pet-types';

// A listing's pet policy (PRODUCT.md section 9) and the one check of a guest's pets against it:
// the server refuses a request with every rule that fails, by name, and the booking card shows
// the same sentences before anything is sent. No zod here: the booking card reads it. Its words
// (house rules, the host's pets, types and sizes in sentences) are in pet-policy-labels.ts, which
// the listing page's first view reads without the check.

/** What the check reads of a listing. */
export type PetPolicy = {
  pet_types: readonly PetType[];
  size_supported: readonly StaySize[];
  max_pets: number;
  vaccinations_required: boolean;
};

/** What the check reads of a pet: its vaccinations as the dates they were given (null: none recorded). */
export type PolicyPet = {
  id: string;
  name: string;
  type: PetType;
  size: PetSize;
  vaccinations: Record<Vaccine, IsoDate | null>;
};

/** A pet as the API answers it (its vaccinations with the dates given), as the check reads it. */
export function toPolicyPet(pet: Omit<PolicyPet, 'vaccinations'> & { vaccinations: Record<Vaccine, { given_on: IsoDate } | null> }): PolicyPet {
  return {
    id: pet.id,
    name: pet.name,
    type: pet.type,
    size: pet.size,
    vaccinations: { rabies: pet.vaccinations.rabies?.given_on ?? null, core: pet.vaccinations.core?.given_on ?? null },
  };
}

export type PolicyRule = 'max_pets' | 'type' | 'size' | 'vaccination';
/**
 * A rule broken, said in English (`message`, as the server refuses it); a vaccination's also names
 * the vaccine and whether it is missing or due, so that the booking card can say it in its own
 * language (web/features/bookings/policy-problem-words.ts).
 */
export type PolicyProblem = { rule: PolicyRule; pet_id: string | null; message: string; vaccine?: Vaccine; due?: boolean };

export const POLICY_MESSAGES = {
  maxPets: (max: number, chosen: number) => `This home takes at most ${max} ${max === 1 ? 'pet' : 'pets'}; you chose ${chosen}`,
  type: (pet: PolicyPet, policy: PetPolicy) => `${pet.name} is a ${pet.type}; this home takes ${petTypesText(policy.pet_types)} only`,
  size: (pet: PolicyPet, policy: PetPolicy) =>
    `${pet.name} is ${staySizeOf(pet.size)}; this home takes ${staySizesText(policy.size_supported)} pets`,
  missing: (pet: PolicyPet, vaccine: Vaccine) =>
    `This home asks for vaccinations: add ${possessive(pet.name)} ${vaccineName(vaccine, pet.type)} vaccination to the profile`,
  due: (pet: PolicyPet, vaccine: Vaccine) => `${possessive(pet.name)} ${vaccineName(vaccine, pet.type)} vaccination is due`,
} as const;

/**
 * Every rule of `policy` that `pets` break, in the order a guest reads them: too many pets, then
 * each pet's type, size and vaccinations. Vaccinations count only where the policy requires them,
 * and must cover the pet on `on` (the stay's first day). An empty list: welcome.
 */
export function policyProblems(policy: PetPolicy, pets: readonly PolicyPet[], on: IsoDate): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  if (pets.length > policy.max_pets) problems.push({ rule: 'max_pets', pet_id: null, message: POLICY_MESSAGES.maxPets(policy.max_pets, pets.length) });
  for (const pet of pets) {
    const add = (rule: PolicyRule, message: string, vaccination?: { vaccine: Vaccine; due: boolean }) => problems.push({ rule, pet_id: pet.id, message, ...vaccination });
    if (!policy.pet_types.includes(pet.type)) add('type', POLICY_MESSAGES.type(pet, policy));
    if (!policy.size_supported.includes(staySizeOf(pet.size))) add('size', POLICY_MESSAGES.size(pet, policy));
    if (!policy.vaccinations_required) continue;
    for (const vaccine of VACCINES) {
      const state = vaccinationState(pet.vaccinations[vaccine], on);
      if (state === 'missing') add('vaccination', POLICY_MESSAGES.missing(pet, vaccine), { vaccine, due: false });
      if (state === 'due') add('vaccination', POLICY_MESSAGES.due(pet, vaccine), { vaccine, due: true });
    }
  }
  return problems;
}

/** Whether both of a pet's vaccinations cover it `on` that day. */
export const isVaccinated = (pet: Pick<PolicyPet, 'vaccinations'>, on: IsoDate) =>
  VACCINES.every((v) => vaccinationState(pet.vaccinations[v], on) === 'current');

/**
 * "Stays for Bruno" as search filters (the URL carries these, never the pet): its type, its size
 * band, and, unless its vaccinations cover it `on` the stay's first day (today without dates), only
 * homes that do not require them. A
 * listing passes them exactly when `policyProblems` finds nothing against the pet alone.
 */
export function petSearchFilters(pet: Pick<PolicyPet, 'type' | 'size' | 'vaccinations'>, on: IsoDate) {
  return { type: pet.type, sizes: [staySizeOf(pet.size)], vaccinated: isVaccinated(pet, on) };
}
