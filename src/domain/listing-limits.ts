// The listing form's limits and its number parsing, without zod: the browser's listing form and
// photo manager need them in their first view, while the schemas (schemas/listing.ts) that
// enforce them load with the first validation.

export const LISTING_LIMITS = {
  title: { min: 10, max: 100 },
  description: { min: 50, max: 2000 },
  address: { min: 10, max: 200 },
  city: { min: 2, max: 50 },
  locality: { min: 2, max: 60 },
  state: { min: 2, max: 50 },
  nightlyPriceInr: { max: 100_000 },
  depositInr: { max: 50_000 },
  maxPets: { min: 1, max: 10 },
  amenities: { max: 20, itemMax: 50 },
  photos: { max: 10, maxBytes: 10 * 1024 * 1024 },
  altText: { max: 200 },
} as const;

/**
 * SPEC.md: "Unparseable number inputs become 0". For the form's number fields: digit-grouping
 * commas, spaces and a rupee sign are allowed (people type ₹1,500); anything else that is not a
 * finite number becomes 0, which the schema then refuses with the field's own message.
 */
export function parseNumberInput(text: string | number | null | undefined): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : 0;
  const cleaned = (text ?? '').replace(/[₹,\s]/g, '');
  if (cleaned === '') return 0;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : 0;
}
