import { z } from 'zod';
import { LISTING_LIMITS, parseNumberInput } from '../listing-limits';
import { STAY_SIZES } from '../pet-sizes';

// The listing form's rules, shared by the browser (web/lib/form.ts) and the server
// (route validation). Messages are SPEC.md section 5's word for word where it words them; the
// others (address, city, state, sizes, pets, amenities) follow the same pattern.

export const LISTING_STATUSES = ['active', 'inactive'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** A trimmed text field with "<Label> must be at least / less than" messages. */
function textField(label: string, { min, max }: { min: number; max: number }) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be less than ${max} characters`);
}

/** A number that is required, and otherwise answered with `typeMessage` when it is not one. */
function numberField(label: string, typeMessage: string) {
  return z.number({ error: (issue) => (issue.input === undefined ? `${label} is required` : typeMessage) });
}

const fields = {
  title: textField('Title', LISTING_LIMITS.title),
  description: textField('Description', LISTING_LIMITS.description),
  address: textField('Address', LISTING_LIMITS.address),
  city: textField('City', LISTING_LIMITS.city),
  state: textField('State', LISTING_LIMITS.state),
  nightly_price_inr: numberField('Price', 'Price must be a whole number')
    .int('Price must be a whole number')
    .positive('Price must be positive')
    .max(LISTING_LIMITS.nightlyPriceInr.max, 'Price must be less than ₹100,000'),
  deposit_inr: numberField('Deposit', 'Deposit must be a whole number')
    .int('Deposit must be a whole number')
    .nonnegative('Deposit cannot be negative')
    .max(LISTING_LIMITS.depositInr.max, 'Deposit must be less than ₹50,000'),
  lat: numberField('Latitude', 'Invalid latitude').min(-90, 'Invalid latitude').max(90, 'Invalid latitude'),
  lng: numberField('Longitude', 'Invalid longitude').min(-180, 'Invalid longitude').max(180, 'Invalid longitude'),
  size_supported: z
    .array(z.enum(STAY_SIZES, { error: 'Pet sizes are small, medium or large' }), {
      error: 'Choose at least one pet size',
    })
    .min(1, 'Choose at least one pet size')
    // Kept in the canonical order, once each, whatever order the chips were clicked in.
    .transform((sizes) => STAY_SIZES.filter((s) => sizes.includes(s))),
  max_pets: numberField('Maximum pets', 'Maximum pets must be a whole number')
    .int('Maximum pets must be a whole number')
    .min(LISTING_LIMITS.maxPets.min, 'Maximum pets must be at least 1')
    .max(LISTING_LIMITS.maxPets.max, 'Maximum pets must be at most 10'),
  amenities: z
    .array(
      z
        .string({ error: 'Each amenity must be text' })
        .trim()
        .min(1, 'Amenities cannot be empty')
        .max(LISTING_LIMITS.amenities.itemMax, 'Each amenity must be less than 50 characters'),
      { error: 'Amenities must be a list' },
    )
    .max(LISTING_LIMITS.amenities.max, 'Choose at most 20 amenities')
    // The same amenity twice (any case) is kept once, as first written.
    .transform((items) => items.filter((a, i) => items.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i)),
};

/**
 * Creating a listing. Unknown keys (a forged host_id, status or verified) are stripped: the server
 * stores the listing under the signed-in user, active and unverified, whatever the client sends.
 */
export const listingCreateSchema = z.object({
  ...fields,
  deposit_inr: fields.deposit_inr.default(0),
  max_pets: fields.max_pets.default(2),
  amenities: fields.amenities.default([]),
});

/**
 * Editing a listing: any subset of the fields, plus pausing (inactive) and resuming (active).
 * Built from the fields without defaults, so that a field left out is left unchanged.
 */
export const listingUpdateSchema = z.object({
  ...fields,
  status: z.enum(LISTING_STATUSES, { error: 'Status must be active or inactive' }),
}).partial();

/** A new photo order: every photo id of the listing exactly once; the first becomes the cover. */
export const photoOrderSchema = z.object({
  photo_ids: z
    .array(z.uuid({ error: 'Invalid photo id' }), { error: 'Send the photo ids in their new order' })
    .max(LISTING_LIMITS.photos.max, 'Send each photo of this listing exactly once'),
});

/** A photo's description for screen readers (also sent as the `alt` field of an upload). */
export const photoAltSchema = z.object({
  alt: z
    .string({ error: 'Describe the photo in words' })
    .trim()
    .max(LISTING_LIMITS.altText.max, `Photo descriptions must be less than ${LISTING_LIMITS.altText.max} characters`),
});

export type ListingCreateInput = z.input<typeof listingCreateSchema>;
export type ListingCreate = z.output<typeof listingCreateSchema>;
export type ListingUpdateInput = z.input<typeof listingUpdateSchema>;
export type ListingUpdate = z.output<typeof listingUpdateSchema>;
