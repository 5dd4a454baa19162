import { z } from 'zod';
import type { Contract } from './endpoint';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '../money/cancellation';
import { LISTING_LIMITS, parseNumberInput } from '../listing-limits';
import { localityFromAddress } from '../locality';
import { STAY_SIZES } from '../pet-sizes';
import { HOST_PET_KINDS, HOUSE_RULES, PET_POLICY_LIMITS } from '../pet-policy-labels';
import { PET_TYPES } from '../pet-types';
import { idParams, uuidInput } from './params';

// The listing form's rules, shared by the browser (web/lib/form.ts) and the server
// (route validation). Messages are SPEC.md section 5's word for word where it words them; the
// others (address, locality, city, state, sizes, pets, amenities) follow the same pattern.

export const LISTING_STATUSES = ['active', 'inactive'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

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
  locality: textField('Locality', LISTING_LIMITS.locality),
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
  cancellation_policy: z.enum(CANCELLATION_POLICIES, { error: 'Choose a cancellation policy: flexible, moderate or strict' }),
  // The pet policy (domain/pet-policy.ts).
  pet_types: z
    .array(z.enum(PET_TYPES, { error: 'Pets are dogs or cats' }), { error: 'Choose dogs, cats or both' })
    .min(1, 'Choose dogs, cats or both')
    .transform((types) => PET_TYPES.filter((t) => types.includes(t))),
  vaccinations_required: z.boolean({ error: 'Say whether vaccinations are required' }),
  meet_required: z.boolean({ error: 'Say whether you meet new guests first' }),
  house_rules: z
    .array(z.enum(HOUSE_RULES, { error: 'Choose house rules from the list, or write your own' }), { error: 'House rules must be a list' })
    .transform((rules) => HOUSE_RULES.filter((r) => rules.includes(r))),
  house_rules_note: z
    .string({ error: 'Other house rules must be text' })
    .trim()
    .max(PET_POLICY_LIMITS.houseRulesNote, `Other house rules must be less than ${PET_POLICY_LIMITS.houseRulesNote} characters`),
  host_pets: z
    .array(
      z.object({
        kind: z.enum(HOST_PET_KINDS, { error: 'Your pet is a dog, a cat or another pet' }),
        line: z
          .string({ error: 'Describe your pet in a line' })
          .trim()
          .min(1, 'Describe your pet in a line')
          .max(PET_POLICY_LIMITS.hostPetLine, `Describe your pet in less than ${PET_POLICY_LIMITS.hostPetLine} characters`)
          // Stored as JSON, whose parser refuses half a UTF-16 pair (a text column replaces it on the way in).
          .transform((line) => line.replace(LONE_SURROGATE, '\uFFFD')),
      }),
      { error: 'Your pets must be a list' },
    )
    .max(PET_POLICY_LIMITS.hostPets, `List at most ${PET_POLICY_LIMITS.hostPets} of your own pets`),
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
 * The listing form: every field the host fills in, the locality among them. Unknown keys (a forged
 * host_id, status or verified) are stripped: the server stores the listing under the signed-in
 * user, active, and verified only if that user is.
 */
export const listingFormSchema = z.object({
  ...fields,
  deposit_inr: fields.deposit_inr.default(0),
  max_pets: fields.max_pets.default(2),
  cancellation_policy: fields.cancellation_policy.default(DEFAULT_CANCELLATION_POLICY),
  amenities: fields.amenities.default([]),
  pet_types: fields.pet_types.default(['dog', 'cat']),
  vaccinations_required: fields.vaccinations_required.default(false),
  meet_required: fields.meet_required.default(false),
  house_rules: fields.house_rules.default([]),
  house_rules_note: fields.house_rules_note.default(''),
  host_pets: fields.host_pets.default([]),
});

/**
 * Creating a listing through the API: the form's fields, where a client written to SPEC.md, which
 * names no locality, gets the one its address names (domain/locality.ts), as the form suggests it.
 */
export const listingCreateSchema = listingFormSchema
  .extend({ locality: fields.locality.optional() })
  .transform(({ locality, ...listing }) => ({ ...listing, locality: locality ?? localityFromAddress(listing.address, listing.city, listing.state) }));

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
    .array(uuidInput('Invalid photo id'), { error: 'Send the photo ids in their new order' })
    .max(LISTING_LIMITS.photos.max, 'Send each photo of this listing exactly once'),
});

/** A photo's description for screen readers (also sent as the `alt` field of an upload). */
export const photoAltSchema = z.object({
  alt: z
    .string({ error: 'Describe the photo in words' })
    .trim()
    .max(LISTING_LIMITS.altText.max, `Photo descriptions must be less than ${LISTING_LIMITS.altText.max} characters`),
});

/**
 * A listing's whole photo set, saved at once: the photos to keep, in their new order (the first is
 * the cover), each with its description. A photo of the listing left out is removed.
 */
export const photoSetSchema = z.object({
  photos: z
    .array(z.object({ id: uuidInput('Invalid photo id'), ...photoAltSchema.shape }), { error: 'Send the photos to keep, in their order' })
    .max(LISTING_LIMITS.photos.max, `A listing can have at most ${LISTING_LIMITS.photos.max} photos`)
    .refine((photos) => new Set(photos.map((p) => p.id)).size === photos.length, 'Send each photo once'),
});
export type PhotoSet = z.output<typeof photoSetSchema>;

export type ListingCreateInput = z.input<typeof listingCreateSchema>;
export type ListingCreate = z.output<typeof listingCreateSchema>;
export type ListingUpdateInput = z.input<typeof listingUpdateSchema>;
export type ListingUpdate = z.output<typeof listingUpdateSchema>;

// The answers.

export const listingPhotoSchema = z.object({
  id: z.uuid(),
  /** The large variant; the card variant shares its stem (src/domain/photos.ts). */
  url: z.string(),
  alt: z.string(),
  sort_order: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});

/** Everything the listing page needs, and what create and edit answer. */
export const listingDetailSchema = z.object({
  id: z.uuid(),
  host_id: z.uuid(),
  title: z.string(),
  description: z.string(),
  address: z.string().nullable().describe('The exact address: for the host, and for a guest whose stay here is paid, until it ends; null for anyone else'),
  locality: z.string().describe('The area, e.g. Bodakdev; empty when the host has not given it'),
  city: z.string(),
  state: z.string(),
  nightly_price_inr: z.number().int(),
  deposit_inr: z.number().int(),
  lat: z.number().describe('The home itself when exact_location; else a position a few hundred metres away'),
  lng: z.number(),
  exact_location: z.boolean().describe('Whether address, lat and lng are the exact ones'),
  status: z.enum(LISTING_STATUSES),
  listed: z.boolean().describe('Whether guests can find and book it: active, not hidden by PawStay, its host in good standing'),
  hidden: z.boolean().describe('Hidden by PawStay after a report: only an operator can show it again'),
  verified: z.boolean(),
  size_supported: z.array(z.enum(STAY_SIZES)),
  amenities: z.array(z.string()),
  max_pets: z.number().int(),
  pet_types: z.array(z.enum(PET_TYPES)),
  vaccinations_required: z.boolean(),
  meet_required: z.boolean().describe("A first-time guest's request is accepted only after a meet & greet marked Met"),
  house_rules: z.array(z.enum(HOUSE_RULES)),
  house_rules_note: z.string(),
  host_pets: z.array(z.object({ kind: z.enum(HOST_PET_KINDS), line: z.string() })),
  /** What a guest who cancels gets back (domain/cancellation.ts). */
  cancellation_policy: z.enum(CANCELLATION_POLICIES),
  /** In display order; the first is the cover. */
  listing_photos: z.array(listingPhotoSchema),
  host: z.object({
    id: z.uuid(),
    name: z.string(),
    photo_url: z.string().nullable(),
    /** When the host's account was created (ISO 8601 instant), for "Joined Month YYYY". */
    joined: z.string(),
    /** "Sends daily updates": the host's last five stays each had an update on every day (domain/stays/daily-updates.ts). */
    sends_daily_updates: z.boolean(),
  }),
  /** Average of the published reviews of this listing, one decimal; 0 when there are none. */
  rating: z.number(),
  reviews_count: z.number().int(),
  /** True when the viewer is the host (who also sees the listing while it is paused). */
  is_owner: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A listing as search results, favorites and the home page's cards carry it: SPEC.md section 3's fields. */
export const listingCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  city: z.string(),
  price_per_night: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  photos: z.array(z.object({ url: z.string(), alt: z.string() })),
  verified: z.boolean(),
  rating: z.number(),
  reviews_count: z.number().int(),
  distance_km: z.number().nullable(),
  size_supported: z.array(z.enum(STAY_SIZES)),
  amenities: z.array(z.string()),
  host: z.object({ name: z.string() }),
});

/** One of my listings on the host dashboard. */
export const hostListingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  city: z.string(),
  state: z.string(),
  nightly_price_inr: z.number().int(),
  status: z.enum(LISTING_STATUSES),
  hidden: z.boolean().describe('Hidden by PawStay after a report: guests cannot see it, whatever its status'),
  verified: z.boolean(),
  cover_photo_url: z.string().nullable(),
  photos_count: z.number().int(),
  created_at: z.string(),
});

export const hostStatsSchema = z.object({
  /** Active listings only (SPEC.md section 4). */
  total_listings: z.number().int(),
  /** Accepted or completed bookings of my listings starting this calendar month (India time). */
  bookings_this_month: z.number().int(),
  /**
   * What the host earned this calendar month (India time), from the ledger: their share of the stays
   * paid this month (after the fee, its GST and any withholding), less what refunds this month took back.
   */
  revenue_this_month_paise: z.number().int(),
  /** Average of the published reviews of my listings, one decimal; null when there are none. */
  rating: z.number().nullable(),
});

export const photoListSchema = z.object({ listing_photos: z.array(listingPhotoSchema) });

export const photoUploadResultSchema = z.object({
  /** The photos this request stored, in the order they were sent. */
  added: z.array(listingPhotoSchema),
  listing_photos: z.array(listingPhotoSchema),
});

export type ListingPhoto = z.infer<typeof listingPhotoSchema>;
export type ListingDetail = z.infer<typeof listingDetailSchema>;
export type ListingCard = z.infer<typeof listingCardSchema>;
export type HostListing = z.infer<typeof hostListingSchema>;
export type HostStats = z.infer<typeof hostStatsSchema>;
export type PhotoList = z.infer<typeof photoListSchema>;
export type PhotoUploadResult = z.infer<typeof photoUploadResultSchema>;

/** `/:id/photos/:photoId`: a listing's photo. */
const photoParams = z.object({
  id: uuidInput('Invalid id'),
  photoId: uuidInput('Invalid photo id'),
});

export const listingEndpoints = {
  'GET /api/listings/featured': { response: z.object({ results: z.array(listingCardSchema) }) },
  'POST /api/listings': { body: listingCreateSchema, response: listingDetailSchema, status: 201 },
  'GET /api/listings/:id': { params: idParams, response: listingDetailSchema },
  'PATCH /api/listings/:id': { params: idParams, body: listingUpdateSchema, response: listingDetailSchema },
  'GET /api/host/listings': { response: z.object({ results: z.array(hostListingSchema) }) },
  'GET /api/host/stats': { response: hostStatsSchema },
  'POST /api/listings/:id/photos': { params: idParams, upload: true, response: photoUploadResultSchema, status: 201 },
  'DELETE /api/listings/:id/photos/:photoId': { params: photoParams, response: photoListSchema },
  'PUT /api/listings/:id/photos/order': { params: idParams, body: photoOrderSchema, response: photoListSchema },
  'PATCH /api/listings/:id/photos/:photoId': { params: photoParams, body: photoAltSchema, response: listingPhotoSchema },
  'PUT /api/listings/:id/photos': { params: idParams, body: photoSetSchema, response: photoListSchema },
} as const satisfies Contract;
