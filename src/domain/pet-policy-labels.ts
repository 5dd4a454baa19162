import { type StaySize, STAY_SIZES } from './pet-sizes';
import { listWords } from './words';
import { PET_TYPES, type PetType } from './pet-types';

// The words of a listing's pet policy (PRODUCT.md section 9): its house rules, the host's own
// pets, its limits and the types and sizes it takes, in sentences. Apart from the check
// (pet-policy.ts), which needs the pet profile: the listing page's first view reads only these.

/** The house rules a host can tick; anything else goes in the policy's own words. */
export const HOUSE_RULES = ['not_on_bed', 'not_on_sofa', 'not_alone', 'on_lead_outside', 'crate_at_night', 'clean_up'] as const;
export type HouseRule = (typeof HOUSE_RULES)[number];

export const HOUSE_RULE_LABELS: Record<HouseRule, string> = {
  not_on_bed: /*i18n*/ 'Not on the bed',
  not_on_sofa: /*i18n*/ 'Not on the sofa',
  not_alone: /*i18n*/ 'Not alone in the house',
  on_lead_outside: /*i18n*/ 'On a lead outside',
  crate_at_night: /*i18n*/ 'Crated at night',
  clean_up: /*i18n*/ 'Clean up after them outside',
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

/** "dogs", "dogs and cats": the types a policy takes, in sentences. */
export const petTypesText = (types: readonly PetType[]) => listWords(PET_TYPES.filter((t) => types.includes(t)).map((t) => TYPE_PLURALS[t]));

/** "small and medium": the sizes a policy takes, in sentences. */
export const staySizesText = (sizes: readonly StaySize[]) => listWords(STAY_SIZES.filter((s) => sizes.includes(s)));
