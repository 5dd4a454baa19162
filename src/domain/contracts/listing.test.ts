import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseNumberInput } from '../listing-limits';
import { listingCreateSchema, listingFormSchema, listingUpdateSchema, photoAltSchema, photoOrderSchema } from './listing';

const valid = {
  title: 'Sunny flat with a garden',
  description: 'A calm ground-floor flat with a fenced garden and two walks a day, near a vet.',
  address: '12 Judges Bungalow Road',
  locality: 'Bodakdev',
  city: 'Ahmedabad',
  state: 'Gujarat',
  nightly_price_inr: 1500,
  deposit_inr: 2000,
  lat: 23.04,
  lng: 72.51,
  size_supported: ['small', 'medium'],
  max_pets: 2,
  amenities: ['WiFi'],
};

/** The messages of parsing `valid` with `change` applied, by field. */
function errorsOf(change: Record<string, unknown>, schema: z.ZodType = listingFormSchema) {
  const result = schema.safeParse({ ...valid, ...change });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

// Every message of SPEC.md section 5, word for word, and ours in the same pattern.
const CASES: [string, Record<string, unknown>, string, string][] = [
  ['short title', { title: 'Too short' }, 'title', 'Title must be at least 10 characters'],
  ['title short once trimmed', { title: '   Nine char   ' }, 'title', 'Title must be at least 10 characters'],
  ['long title', { title: 'T'.repeat(101) }, 'title', 'Title must be less than 100 characters'],
  ['short description', { description: 'D'.repeat(49) }, 'description', 'Description must be at least 50 characters'],
  ['long description', { description: 'D'.repeat(2001) }, 'description', 'Description must be less than 2000 characters'],
  ['short address', { address: 'Road 1' }, 'address', 'Address must be at least 10 characters'],
  ['long address', { address: 'A'.repeat(201) }, 'address', 'Address must be less than 200 characters'],
  // The form asks for it; the API takes it from the address (below).
  ['no locality', { locality: undefined }, 'locality', 'Locality is required'],
  ['short locality', { locality: ' B ' }, 'locality', 'Locality must be at least 2 characters'],
  ['long locality', { locality: 'A'.repeat(61) }, 'locality', 'Locality must be less than 60 characters'],
  ['short city', { city: 'A' }, 'city', 'City must be at least 2 characters'],
  ['long city', { city: 'C'.repeat(51) }, 'city', 'City must be less than 50 characters'],
  ['short state', { state: ' G ' }, 'state', 'State must be at least 2 characters'],
  ['long state', { state: 'S'.repeat(51) }, 'state', 'State must be less than 50 characters'],
  ['fractional price', { nightly_price_inr: 1500.5 }, 'nightly_price_inr', 'Price must be a whole number'],
  ['price as text', { nightly_price_inr: '1500' }, 'nightly_price_inr', 'Price must be a whole number'],
  ['zero price', { nightly_price_inr: 0 }, 'nightly_price_inr', 'Price must be positive'],
  ['negative price', { nightly_price_inr: -5 }, 'nightly_price_inr', 'Price must be positive'],
  ['price too high', { nightly_price_inr: 100_001 }, 'nightly_price_inr', 'Price must be less than ₹100,000'],
  ['missing price', { nightly_price_inr: undefined }, 'nightly_price_inr', 'Price is required'],
  ['fractional deposit', { deposit_inr: 10.5 }, 'deposit_inr', 'Deposit must be a whole number'],
  ['negative deposit', { deposit_inr: -1 }, 'deposit_inr', 'Deposit cannot be negative'],
  ['deposit too high', { deposit_inr: 50_001 }, 'deposit_inr', 'Deposit must be less than ₹50,000'],
  ['latitude below', { lat: -90.01 }, 'lat', 'Invalid latitude'],
  ['latitude above', { lat: 91 }, 'lat', 'Invalid latitude'],
  ['latitude as text', { lat: 'north' }, 'lat', 'Invalid latitude'],
  ['longitude below', { lng: -181 }, 'lng', 'Invalid longitude'],
  ['longitude above', { lng: 180.5 }, 'lng', 'Invalid longitude'],
  ['no sizes', { size_supported: [] }, 'size_supported', 'Choose at least one pet size'],
  ['sizes missing', { size_supported: undefined }, 'size_supported', 'Choose at least one pet size'],
  ['unknown size', { size_supported: ['huge'] }, 'size_supported.0', 'Pet sizes are small, medium or large'],
  ['no pets', { max_pets: 0 }, 'max_pets', 'Maximum pets must be at least 1'],
  ['too many pets', { max_pets: 11 }, 'max_pets', 'Maximum pets must be at most 10'],
  ['fractional pets', { max_pets: 1.5 }, 'max_pets', 'Maximum pets must be a whole number'],
  ['too many amenities', { amenities: Array.from({ length: 21 }, (_, i) => `Amenity ${i}`) }, 'amenities', 'Choose at most 20 amenities'],
  ['blank amenity', { amenities: ['WiFi', '  '] }, 'amenities.1', 'Amenities cannot be empty'],
  ['long amenity', { amenities: ['A'.repeat(51)] }, 'amenities.0', 'Each amenity must be less than 50 characters'],
];

describe('listingCreateSchema', () => {
  it('accepts a valid listing, trimmed, sizes in order and amenities once each', () => {
    const parsed = listingCreateSchema.parse({
      ...valid,
      title: '  Sunny flat with a garden  ',
      size_supported: ['large', 'small', 'large'],
      amenities: [' WiFi ', 'wifi', 'Garden'],
    });
    expect(parsed.title).toBe('Sunny flat with a garden');
    expect(parsed.size_supported).toEqual(['small', 'large']);
    expect(parsed.amenities).toEqual(['WiFi', 'Garden']);
  });

  it('accepts the limits themselves', () => {
    expect(errorsOf({ title: 'T'.repeat(10), nightly_price_inr: 100_000, deposit_inr: 50_000, lat: -90, lng: 180, max_pets: 10 })).toEqual({});
    expect(errorsOf({ title: 'T'.repeat(100), nightly_price_inr: 1, deposit_inr: 0, lat: 90, lng: -180, max_pets: 1 })).toEqual({});
  });

  it('defaults the deposit, maximum pets and amenities', () => {
    const { deposit_inr, max_pets, amenities, ...rest } = valid;
    expect(listingCreateSchema.parse(rest)).toMatchObject({ deposit_inr: 0, max_pets: 2, amenities: [] });
  });

  it('takes a pet policy: types in order, house rules from the list, a few lines about the host’s own pets', () => {
    const parsed = listingCreateSchema.parse({
      ...valid,
      pet_types: ['cat', 'dog', 'cat'],
      vaccinations_required: true,
      house_rules: ['not_alone', 'not_on_bed'],
      house_rules_note: '  Litter trays provided.  ',
      host_pets: [{ kind: 'dog', line: '  Laddoo, a calm Indie ' }],
    });
    expect(parsed).toMatchObject({
      pet_types: ['dog', 'cat'],
      vaccinations_required: true,
      house_rules: ['not_on_bed', 'not_alone'],
      house_rules_note: 'Litter trays provided.',
      host_pets: [{ kind: 'dog', line: 'Laddoo, a calm Indie' }],
    });
    expect(listingCreateSchema.parse(valid)).toMatchObject({ pet_types: ['dog', 'cat'], vaccinations_required: false, house_rules: [], host_pets: [] });
    const refused = (change: object) => listingCreateSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message;
    expect(refused({ pet_types: [] })).toBe('Choose dogs, cats or both');
    expect(refused({ pet_types: ['parrot'] })).toBe('Pets are dogs or cats');
    expect(refused({ house_rules: ['no_parties'] })).toBe('Choose house rules from the list, or write your own');
    expect(refused({ host_pets: Array.from({ length: 6 }, () => ({ kind: 'cat', line: 'A cat' })) })).toBe('List at most 5 of your own pets');
    expect(refused({ host_pets: [{ kind: 'cat', line: '  ' }] })).toBe('Describe your pet in a line');
    // Stored as JSON: half of a UTF-16 pair (which no keyboard types, but a client may send) becomes U+FFFD.
    expect(listingCreateSchema.parse({ ...valid, host_pets: [{ kind: 'dog', line: '\ud800x 🐕' }] }).host_pets[0]!.line).toBe('\uFFFDx 🐕');
  });

  it('drops what the client may not set', () => {
    const parsed = listingCreateSchema.parse({ ...valid, host_id: 'x', status: 'inactive', verified: true });
    expect(parsed).not.toHaveProperty('host_id');
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('verified');
  });

  it.each(CASES)('%s: %s', (name, change, field, message) => {
    expect(errorsOf(change)[field]).toBe(message);
    // The API's rules are the form's, but for the locality it may leave out.
    if (name !== 'no locality') expect(errorsOf(change, listingCreateSchema)[field]).toBe(message);
  });

  it('takes the locality from the address when the API is sent none (SPEC.md names none)', () => {
    const { locality: _locality, ...spec } = valid;
    expect(listingCreateSchema.parse({ ...spec, address: '3, Aalap Society, Vastrapur, Ahmedabad 380015' }).locality).toBe('Vastrapur');
    expect(listingCreateSchema.parse({ ...spec, address: 'Aalap Society, 3 Ring Road, Ahmedabad' }).locality).toBe('');
    expect(listingCreateSchema.parse(valid).locality).toBe('Bodakdev');
  });

  it('names the missing text fields', () => {
    const errors = errorsOf({ title: undefined, description: undefined, address: undefined, city: undefined, state: undefined });
    expect(errors).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
    });
  });
});

describe('listingUpdateSchema', () => {
  it('changes only what is sent (no defaults) and takes a status', () => {
    expect(listingUpdateSchema.parse({ nightly_price_inr: 1800 })).toEqual({ nightly_price_inr: 1800 });
    expect(listingUpdateSchema.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
  });

  it('applies the same rules and messages', () => {
    expect(errorsOf({ title: 'Short' }, listingUpdateSchema as never).title).toBe('Title must be at least 10 characters');
    const result = listingUpdateSchema.safeParse({ status: 'deleted', deposit_inr: -1 });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Deposit cannot be negative', 'Status must be active or inactive']);
  });
});

describe('parseNumberInput', () => {
  it.each([
    ['1500', 1500],
    [' 1,500 ', 1500],
    ['₹1,00,000', 100000],
    ['12.5', 12.5],
    ['-3', -3],
    ['23.0225', 23.0225],
    ['', 0],
    ['abc', 0],
    ['12abc', 0],
    ['Infinity', 0],
    ['1e400', 0],
  ])('%j becomes %d', (text, value) => {
    expect(parseNumberInput(text)).toBe(value);
  });

  it('passes numbers through and turns the non-finite ones into 0', () => {
    expect(parseNumberInput(42)).toBe(42);
    expect(parseNumberInput(Number.NaN)).toBe(0);
    expect(parseNumberInput(undefined)).toBe(0);
  });
});

describe('photo schemas', () => {
  it('limits alt text', () => {
    expect(photoAltSchema.parse({ alt: '  A dog on the porch ' }).alt).toBe('A dog on the porch');
    expect(photoAltSchema.safeParse({ alt: 'a'.repeat(201) }).error?.issues[0]?.message).toBe('Photo descriptions must be less than 200 characters');
  });

  it('takes photo ids only', () => {
    expect(photoOrderSchema.safeParse({ photo_ids: ['nope'] }).error?.issues[0]?.message).toBe('Invalid photo id');
  });
});
