import { describe, expect, it } from 'vitest';
import type { Pet } from '@/domain/contracts/pet';
import { type PetPolicy, policyProblems, toPolicyPet } from '@/domain/pet-policy';
import { createI18n } from '@/web/i18n/i18n';
import { policyProblemText } from './policy-problem-words';

// The booking card's words for a pet policy's broken rules: the domain's English sentence, or
// the same sentence in Gujarati and Hindi, with the pet's name as written.

const pet = (id: string, name: string, type: Pet['type'], size: Pet['size'], rabies: string | null): Pet =>
  ({ id, name, type, size, vaccinations: { rabies: rabies && { given_on: rabies }, core: null } }) as unknown as Pet;

const pets = [pet('b', 'Bruno', 'dog', 'xl', null), pet('m', 'Mittens', 'cat', 's', '2025-01-01')];
const policy: PetPolicy = { pet_types: ['dog'], size_supported: ['small', 'medium'], max_pets: 1, vaccinations_required: true };
const problems = policyProblems(policy, pets.map(toPolicyPet), '2026-12-20');

describe('a pet policy broken, said in the page’s language', () => {
  it('is the domain’s own sentence in English, the server’s word for word', async () => {
    const en = await createI18n('en');
    expect(problems.map((p) => policyProblemText(p, pets, policy, pets.length, en))).toEqual(problems.map((p) => p.message));
  });

  it('names every rule in Gujarati and Hindi, with the pet as named, and no English left', async () => {
    for (const locale of ['gu', 'hi'] as const) {
      const i18n = await createI18n(locale);
      const said = problems.map((p) => policyProblemText(p, pets, policy, pets.length, i18n));
      expect(said).toHaveLength(problems.length);
      // Each rule: too many pets, Mittens's type and her vaccinations, Bruno's size and his.
      expect(said[0]).toContain('2');
      expect(said.filter((line) => line.includes('Bruno'))).toHaveLength(3);
      for (const line of said) expect(line.replace(/Bruno|Mittens|DHPPi|FVRCP/g, '')).not.toMatch(/[A-Za-z]{2,}/);
    }
  });
});
