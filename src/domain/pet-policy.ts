import type { IsoDate } from './dates';
import { possessive, type Vaccine, VACCINES, vaccinationState, vaccineName } from './pet-profile';
import { type PetSize, type StaySize, STAY_SIZES, staySizeOf } from './pet-sizes';
import { PET_TYPES, type PetType } from './pet-types';

// A listing's pet policy (PRODUCT.md section 9) and the one check of a guest's pets against it:
// the server refuses a request with every rule that fails, by name, and the booking card shows
// the same sentences before anything is sent. No zod here: the listing page's first view reads it.

/** The house rules a host can tick; anything else goes in the policy's own words. */
export const HOUSE_RULES = ['not_on_bed', 'not_on_sofa', 'not_alone', 'on_lead_outside', 'crate_at_night', 'clean_up'] as const;
export type HouseRule = (typeof HOUSE_RULES)[number];

export const HOUSE_RULE_LABELS: Record<HouseRule, string> = {
  not_on_bed: 'Not on the bed',
  not_on_sofa: 'Not on the sofa',
  not_alone: 'Not alone in the house',
  on_lead_outside: 'On a lead outside',
  crate_at_night: 'Crated at night',
  clean_up: 'Clean up after them outside',
};

/** The host's own pets: dogs, cats, or another animal the guest's pet will meet. */
export const HOST_PET_KINDS = ['dog', 'cat', 'other'] as const;
export type HostPetKind = (typeof HOST_PET_KINDS)[number];
/** One of the host's own pets, in a line: "Dog: Simba, a calm old Labrador". */
export type HostPet = { kind: HostPetKind; line: string };
export const HOST_PET_KIND_LABELS: Record<HostPetKind, string> = { dog: 'Dog', cat: 'Cat', other: 'Other pet' };

export const PET_POLICY_LIMITS = { hostPets: 5, hostPetLine: 100, houseRulesNote: 500 } as const;

const TYPE_PLURALS: Record<PetType, string> = { dog: 'dogs', cat: 'cats' };
export const PET_TYPE_LABELS: Record<PetType, string> = { dog: 'Dogs', cat: 'Cats' };

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
export type PolicyProblem = { rule: PolicyRule; pet_id: string | null; message: string };

/** "small", "small and medium", "small, medium and large". */
function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** "dogs", "dogs and cats": the types a policy takes, in sentences. */
export const petTypesText = (types: readonly PetType[]) => listed(PET_TYPES.filter((t) => types.includes(t)).map((t) => TYPE_PLURALS[t]));

/** "small and medium": the sizes a policy takes, in sentences. */
export const staySizesText = (sizes: readonly StaySize[]) => listed(STAY_SIZES.filter((s) => sizes.includes(s)));

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
    const add = (rule: PolicyRule, message: string) => problems.push({ rule, pet_id: pet.id, message });
    if (!policy.pet_types.includes(pet.type)) add('type', POLICY_MESSAGES.type(pet, policy));
    if (!policy.size_supported.includes(staySizeOf(pet.size))) add('size', POLICY_MESSAGES.size(pet, policy));
    if (!policy.vaccinations_required) continue;
    for (const vaccine of VACCINES) {
      const state = vaccinationState(pet.vaccinations[vaccine], on);
      if (state === 'missing') add('vaccination', POLICY_MESSAGES.missing(pet, vaccine));
      if (state === 'due') add('vaccination', POLICY_MESSAGES.due(pet, vaccine));
    }
  }
  return problems;
}

/** Whether both of a pet's vaccinations cover it `on` that day. */
export const isVaccinated = (pet: Pick<PolicyPet, 'vaccinations'>, on: IsoDate) =>
  VACCINES.every((v) => vaccinationState(pet.vaccinations[v], on) === 'current');

/**
 * "Stays for Bruno" as search filters (the URL carries these, never the pet): its type, its size
 * band, and, unless its vaccinations are current today, only homes that do not require them. A
 * listing passes them exactly when `policyProblems` finds nothing against the pet alone.
 */
export function petSearchFilters(pet: Pick<PolicyPet, 'type' | 'size' | 'vaccinations'>, today: IsoDate) {
  return { type: pet.type, sizes: [staySizeOf(pet.size)], vaccinated: isVaccinated(pet, today) };
}
