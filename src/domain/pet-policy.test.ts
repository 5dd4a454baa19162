import { describe, expect, it } from 'vitest';
import { type PetPolicy, type PolicyPet, isVaccinated, petSearchFilters, policyProblems, toPolicyPet } from './pet-policy';
import { petTypesText, staySizesText } from './pet-policy-labels';

// The one check of a request's pets against a listing's pet policy (PRODUCT.md section 9): every
// rule alone, combined, several pets, and the boundaries of maximum pets and of "due".

const anyPet: PetPolicy = { pet_types: ['dog', 'cat'], size_supported: ['small', 'medium', 'large'], max_pets: 2, vaccinations_required: false };
const STAY = '2026-12-10';
const current = { rabies: '2026-06-01', core: '2026-06-01' };
const bruno: PolicyPet = { id: 'b', name: 'Bruno', type: 'dog', size: 'l', vaccinations: current };
const mittens: PolicyPet = { id: 'm', name: 'Mittens', type: 'cat', size: 's', vaccinations: current };
const kaju: PolicyPet = { id: 'k', name: 'Kaju', type: 'dog', size: 'xs', vaccinations: current };

const messages = (policy: PetPolicy, pets: PolicyPet[], on = STAY) => policyProblems(policy, pets, on).map((p) => p.message);

describe('policyProblems', () => {
  it('welcomes pets that break no rule', () => {
    expect(policyProblems(anyPet, [bruno, mittens], STAY)).toEqual([]);
    expect(policyProblems({ ...anyPet, vaccinations_required: true }, [bruno], STAY)).toEqual([]);
  });

  it('refuses a type the home does not take, by name', () => {
    expect(policyProblems({ ...anyPet, pet_types: ['dog'] }, [mittens], STAY)).toEqual([
      { rule: 'type', pet_id: 'm', message: 'Mittens is a cat; this home takes dogs only' },
    ]);
    expect(messages({ ...anyPet, pet_types: ['cat'] }, [bruno])).toEqual(['Bruno is a dog; this home takes cats only']);
  });

  it('refuses a size the home does not take, on the booking form’s bands (xs and s are small, l and xl large)', () => {
    expect(policyProblems({ ...anyPet, size_supported: ['small', 'medium'] }, [bruno], STAY)).toEqual([
      { rule: 'size', pet_id: 'b', message: 'Bruno is large; this home takes small and medium pets' },
    ]);
    expect(messages({ ...anyPet, size_supported: ['medium'] }, [kaju])).toEqual(['Kaju is small; this home takes medium pets']);
    expect(messages({ ...anyPet, size_supported: ['small'] }, [kaju])).toEqual([]);
    expect(messages({ ...anyPet, size_supported: ['large'] }, [{ ...bruno, size: 'xl' }])).toEqual([]);
    expect(messages({ ...anyPet, size_supported: ['small', 'medium'] }, [{ ...bruno, size: 'xl' }])).toEqual([
      'Bruno is large; this home takes small and medium pets',
    ]);
  });

  it('refuses more pets than the home takes, at exactly one over', () => {
    const one = { ...anyPet, max_pets: 1 };
    expect(messages(one, [bruno])).toEqual([]);
    expect(policyProblems(one, [bruno, kaju], STAY)).toEqual([{ rule: 'max_pets', pet_id: null, message: 'This home takes at most 1 pet; you chose 2' }]);
    expect(messages(anyPet, [bruno, kaju])).toEqual([]);
    expect(messages(anyPet, [bruno, kaju, mittens])).toEqual(['This home takes at most 2 pets; you chose 3']);
  });

  it('asks for vaccinations only where the home requires them: missing, or due on the stay’s first day', () => {
    const unvaccinated: PolicyPet = { ...mittens, vaccinations: { rabies: null, core: null } };
    expect(messages(anyPet, [unvaccinated])).toEqual([]);
    const strict = { ...anyPet, vaccinations_required: true };
    expect(policyProblems(strict, [unvaccinated], STAY)).toEqual([
      { rule: 'vaccination', pet_id: 'm', message: "This home asks for vaccinations: add Mittens's rabies vaccination to the profile", vaccine: 'rabies', due: false },
      { rule: 'vaccination', pet_id: 'm', message: "This home asks for vaccinations: add Mittens's FVRCP vaccination to the profile", vaccine: 'core', due: false },
    ]);
    // Given a year before the stay starts: due on that anniversary; a day later, still current.
    expect(messages(strict, [{ ...mittens, vaccinations: { rabies: '2025-12-10', core: '2025-12-11' } }])).toEqual(["Mittens's rabies vaccination is due"]);
    expect(messages(strict, [{ ...bruno, vaccinations: { rabies: '2025-12-11', core: '2025-12-09' } }])).toEqual(["Bruno's DHPPi vaccination is due"]);
    // Counted on the stay's first day, not today.
    expect(messages(strict, [{ ...bruno, vaccinations: { rabies: '2025-12-11', core: '2025-12-11' } }], '2026-12-11')).toEqual([
      "Bruno's rabies vaccination is due",
      "Bruno's DHPPi vaccination is due",
    ]);
  });

  it('says every rule every pet breaks, in the order a guest reads them', () => {
    const policy: PetPolicy = { pet_types: ['dog'], size_supported: ['small', 'medium'], max_pets: 1, vaccinations_required: true };
    const mittensDue: PolicyPet = { ...mittens, vaccinations: { rabies: '2025-01-01', core: '2026-06-01' } };
    expect(messages(policy, [bruno, mittensDue, kaju])).toEqual([
      'This home takes at most 1 pet; you chose 3',
      'Bruno is large; this home takes small and medium pets',
      'Mittens is a cat; this home takes dogs only',
      "Mittens's rabies vaccination is due",
    ]);
  });

  it('writes the accepted types and sizes as a sentence does', () => {
    expect(petTypesText(['cat', 'dog'])).toBe('dogs and cats');
    expect(staySizesText(['large', 'small'])).toBe('small and large');
    expect(staySizesText(['small', 'medium', 'large'])).toBe('small, medium and large');
  });
});

describe('petSearchFilters', () => {
  it('is the pet’s type and size band, and whether both vaccinations cover it today', () => {
    expect(petSearchFilters(bruno, STAY)).toEqual({ type: 'dog', sizes: ['large'], vaccinated: true });
    expect(petSearchFilters({ ...kaju, vaccinations: { rabies: '2026-06-01', core: null } }, STAY)).toEqual({ type: 'dog', sizes: ['small'], vaccinated: false });
    expect(isVaccinated({ vaccinations: { rabies: '2025-12-10', core: '2026-01-01' } }, STAY)).toBe(false);
  });

  it('finds exactly the homes whose policy welcomes the pet alone', () => {
    const policies: PetPolicy[] = [];
    for (const pet_types of [['dog'], ['cat'], ['dog', 'cat']] as const)
      for (const size_supported of [['small'], ['medium', 'large'], ['small', 'medium', 'large']] as const)
        for (const vaccinations_required of [false, true]) policies.push({ pet_types, size_supported, max_pets: 1, vaccinations_required });
    for (const pet of [bruno, mittens, kaju, { ...kaju, vaccinations: { rabies: null, core: '2026-06-01' } }]) {
      const f = petSearchFilters(pet, STAY);
      for (const policy of policies) {
        const found = policy.pet_types.includes(f.type) && f.sizes.every((s) => policy.size_supported.includes(s)) && (f.vaccinated || !policy.vaccinations_required);
        expect(found, `${pet.name} at ${JSON.stringify(policy)}`).toBe(policyProblems(policy, [pet], STAY).length === 0);
      }
    }
  });
});

describe('toPolicyPet', () => {
  it('reads the API’s vaccinations as the dates given', () => {
    const pet = { id: 'p', name: 'P', type: 'cat' as const, size: 'm' as const, vaccinations: { rabies: { given_on: '2026-01-02', due_on: '2027-01-02' }, core: null } };
    expect(toPolicyPet(pet)).toEqual({ id: 'p', name: 'P', type: 'cat', size: 'm', vaccinations: { rabies: '2026-01-02', core: null } });
  });
});
