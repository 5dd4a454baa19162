import { describe, expect, it } from 'vitest';
import { addYears, monthsBetween } from './dates';
import { petAge, suggestedSize, vaccinationDueOn, vaccinationState, vaccineLabel, vaccineName } from './pet-profile';

describe('vaccinations', () => {
  it('are due on the first anniversary of the dose, current the day before, missing when not recorded', () => {
    expect(vaccinationDueOn('2025-11-26')).toBe('2026-11-26');
    expect(vaccinationState('2025-11-26', '2026-11-25')).toBe('current');
    expect(vaccinationState('2025-11-26', '2026-11-26')).toBe('due');
    expect(vaccinationState('2025-11-26', '2027-03-01')).toBe('due');
    expect(vaccinationState(null, '2026-11-26')).toBe('missing');
    // A dose on 29 February is due on 28 February of a common year.
    expect(vaccinationDueOn('2028-02-29')).toBe('2029-02-28');
  });

  it('name the core vaccine by the pet’s type', () => {
    expect(vaccineName('core', 'dog')).toBe('DHPPi');
    expect(vaccineName('core', 'cat')).toBe('FVRCP');
    expect(vaccineName('rabies', 'cat')).toBe('rabies');
    expect(vaccineLabel('rabies', 'dog')).toBe('Rabies');
  });
});

describe('suggestedSize', () => {
  it('follows the booking form’s bands: under 10 kg small, 10-25 kg medium, over 25 kg large', () => {
    expect([4.9, 5, 9.9, 10, 25, 25.1, 45, 45.1].map(suggestedSize)).toEqual(['xs', 's', 's', 'm', 'm', 'l', 'l', 'xl']);
  });
});

describe('petAge', () => {
  it('counts whole years, then months, then weeks, as a calendar does (each screen words it: web/i18n/pet-words.ts)', () => {
    expect(petAge('2022-11-26', '2026-11-26')).toEqual({ unit: 'year', count: 4 });
    expect(petAge('2022-11-27', '2026-11-26')).toEqual({ unit: 'year', count: 3 });
    expect(petAge('2025-11-26', '2026-11-26')).toEqual({ unit: 'year', count: 1 });
    expect(petAge('2026-03-15', '2026-11-26')).toEqual({ unit: 'month', count: 8 });
    expect(petAge('2026-10-26', '2026-11-26')).toEqual({ unit: 'month', count: 1 });
    expect(petAge('2026-11-05', '2026-11-26')).toEqual({ unit: 'week', count: 3 });
    expect(petAge('2026-11-19', '2026-11-26')).toEqual({ unit: 'week', count: 1 });
    expect(petAge('2026-11-24', '2026-11-26')).toEqual({ unit: 'week', count: 0 });
  });
});

describe('addYears and monthsBetween', () => {
  it('keep calendar dates without time zones', () => {
    expect(addYears('2026-03-10', 1)).toBe('2027-03-10');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2026-03-10', -35)).toBe('1991-03-10');
    expect(monthsBetween('2026-01-31', '2026-02-28')).toBe(0);
    expect(monthsBetween('2026-01-31', '2026-03-01')).toBe(1);
    expect(monthsBetween('2025-11-26', '2026-11-26')).toBe(12);
  });
});
