import type { CancellationPolicy } from '../../../domain/money/cancellation';
import { addDays, type IsoDate } from '../../../domain/dates';
import { type PolicyPet, policyProblems } from '../../../domain/pet-policy';
import { HOUSE_RULES, type HouseRule } from '../../../domain/pet-policy-labels';
import { DEMO_HOSTS, DEMO_LISTINGS, type DemoListing, type DemoPet } from './data';

// The demo homes' rules: pet policies, cancellation policies, and which demo pet a home welcomes.

const HOUSE_RULE_NOTES = ['', "Please bring your pet's own bed and bowls.", '', 'Quiet hours in the society are 10 pm to 7 am.', '', 'No pets in the kitchen, please.'];

/**
 * A demo home's pet policy: the pets it is set up for, vaccinations required at every third home
 * and every villa, house rules that suit the home, and its host's own pets.
 */
export function demoPetPolicy(listing: DemoListing, i: number) {
  const rules = new Set<HouseRule>();
  if (listing.pets === 'cats') rules.add('not_on_bed');
  else if (listing.home === 'apartment') rules.add('not_on_sofa').add('not_alone');
  else rules.add('on_lead_outside').add('clean_up');
  if (i % 4 === 0) rules.add('not_on_bed');
  if (i % 5 === 2 && listing.pets !== 'cats') rules.add('crate_at_night');
  return {
    petTypes: listing.pets === 'dogs' ? ['dog' as const] : listing.pets === 'cats' ? ['cat' as const] : ['dog' as const, 'cat' as const],
    vaccinationsRequired: listing.home === 'villa' || i % 3 === 1,
    houseRules: HOUSE_RULES.filter((r) => rules.has(r)),
    houseRulesNote: HOUSE_RULE_NOTES[i % HOUSE_RULE_NOTES.length]!,
    hostPets: DEMO_HOSTS[listing.host]!.pets,
  };
}

/** The demo homes' cancellation policies: mostly the default, some flexible, some strict. */
const POLICY_ROTATION: CancellationPolicy[] = ['moderate', 'flexible', 'moderate', 'strict', 'moderate'];
export const demoPolicy = (listingIndex: number): CancellationPolicy => POLICY_ROTATION[listingIndex % POLICY_ROTATION.length]!;

/** Whether the home's pet policy welcomes the pet for a stay from `on`, as a request is judged (domain/pet-policy.ts). */
export function fitsListing(pet: DemoPet, listing: DemoListing, on: IsoDate, today: IsoDate): boolean {
  const given = (days: number | null) => (days === null ? null : addDays(today, -days));
  const policyPet: PolicyPet = { id: pet.name, name: pet.name, type: pet.type, size: pet.size, vaccinations: { rabies: given(pet.vaccinated.rabies), core: given(pet.vaccinated.core) } };
  const policy = demoPetPolicy(listing, DEMO_LISTINGS.indexOf(listing));
  return policyProblems({ pet_types: policy.petTypes, size_supported: listing.sizes, max_pets: listing.maxPets, vaccinations_required: policy.vaccinationsRequired }, [policyPet], on).length === 0;
}
