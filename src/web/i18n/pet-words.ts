import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { IsoDate } from '@/domain/dates';
import { petAge, type Vaccine, vaccineLabel } from '@/domain/pet-profile';
import type { PetType } from '@/domain/pet-types';

// A pet's words in the page's language, for the pages about pets (their profiles, the pets on a
// stay): kept out of the first views that name only sizes and kinds (web/i18n/domain-labels.ts).

const RABIES = msg`Rabies`;
/** "Rabies" in the page's language; the combined vaccines' names (DHPPi, FVRCP) as vets' cards write them. */
export const vaccineName = (i18n: I18n, vaccine: Vaccine, type: PetType): string => (vaccine === 'rabies' ? i18n._(RABIES) : vaccineLabel(vaccine, type));

/** A pet's age: "3 years", "1 month", "Under a week", with each language's plurals. */
export function formatAge(birthDate: IsoDate, today: IsoDate, i18n: I18n): string {
  const { unit, count } = petAge(birthDate, today);
  if (count === 0) return i18n._(msg`Under a week`);
  if (unit === 'year') return i18n._(msg`${plural(count, { one: '# year', other: '# years' })}`);
  if (unit === 'month') return i18n._(msg`${plural(count, { one: '# month', other: '# months' })}`);
  return i18n._(msg`${plural(count, { one: '# week', other: '# weeks' })}`);
}
