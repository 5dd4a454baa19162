import { addDays, type IsoDate, todayInIndia } from '../src/domain/dates';
import type { StaySize } from '../src/domain/pet-sizes';

// A pet a listing's pet policy welcomes (domain/pet-policy.ts), for the tests whose subject is
// something else (the booking card, the dashboard): its first accepted type and size, and
// vaccinations given a month ago, current on any stay of the coming months.

const PET_SIZE_FOR: Record<StaySize, 's' | 'm' | 'l'> = { small: 's', medium: 'm', large: 'l' };

type Policy = { size_supported: StaySize[]; pet_types: ('dog' | 'cat')[] };

/** The body of POST /api/pets for `name`, welcome at `listing`. */
export function welcomePet(listing: Policy, name: string, size: StaySize = listing.size_supported[0]!) {
  const given: IsoDate = addDays(todayInIndia(), -30);
  return { name, type: listing.pet_types[0]!, size: PET_SIZE_FOR[size], vaccinations: { rabies: given, core: given } };
}
