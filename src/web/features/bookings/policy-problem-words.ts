import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Pet } from '@/domain/contracts/pet';
import type { PetPolicy, PolicyProblem } from '@/domain/pet-policy';
import { STAY_SIZES, staySizeOf } from '@/domain/pet-sizes';
import { PET_TYPES } from '@/domain/pet-types';
import { formatList, localeOf } from '@/web/i18n/i18n';
import { PET_TYPE_NAME, PET_TYPE_ONE, STAY_SIZE_NAME } from '@/web/i18n/domain-labels';
import { vaccineName } from '@/web/i18n/pet-words';

/**
 * A broken rule of a home's pet policy as the booking card says it (domain/pet-policy.ts): in
 * English the domain's own sentence, the server's word for word; in Gujarati and Hindi, the same
 * sentence made from the pet, the policy and the vaccine in that language.
 */
export function policyProblemText(problem: PolicyProblem, pets: readonly Pet[], policy: PetPolicy, chosen: number, i18n: I18n): string {
  const locale = localeOf(i18n);
  if (locale === 'en') return problem.message;
  const list = (words: string[]) => formatList(words, i18n);
  const pet = pets.find((p) => p.id === problem.pet_id);
  if (problem.rule === 'max_pets' || !pet) {
    const max = policy.max_pets;
    return i18n._(msg`${plural(max, { one: `This home takes at most # pet; you chose ${chosen}`, other: `This home takes at most # pets; you chose ${chosen}` })}`);
  }
  const name = pet.name;
  switch (problem.rule) {
    case 'type': {
      const type = i18n._(PET_TYPE_ONE[pet.type]);
      const types = list(PET_TYPES.filter((t) => policy.pet_types.includes(t)).map((t) => i18n._(PET_TYPE_NAME[t])));
      return i18n._(msg`${name} is a ${type}; this home takes ${types} only`);
    }
    case 'size': {
      const size = i18n._(STAY_SIZE_NAME[staySizeOf(pet.size)]);
      const sizes = list(STAY_SIZES.filter((s) => policy.size_supported.includes(s)).map((s) => i18n._(STAY_SIZE_NAME[s])));
      return i18n._(msg`${name} is ${size}; this home takes ${sizes} pets`);
    }
    case 'vaccination': {
      if (!problem.vaccine) return problem.message;
      const vaccine = vaccineName(i18n, problem.vaccine, pet.type);
      return problem.due
        ? i18n._(msg`${name}'s ${vaccine} vaccination is due`)
        : i18n._(msg`This home asks for vaccinations: add ${name}'s ${vaccine} vaccination to the profile`);
    }
  }
}
