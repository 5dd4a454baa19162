import { type CancellationPolicy, DEFAULT_CANCELLATION_POLICY } from '@/domain/money/cancellation';
import { cityCentre, DEFAULT_CITY } from '@/domain/cities';
import type { ListingCreate, ListingDetail } from '@/domain/contracts/listing';
import { parseNumberInput } from '@/domain/listing-limits';
import type { HostPet, HouseRule } from '@/domain/pet-policy-labels';
import { STAY_SIZES, type StaySize } from '@/domain/pet-sizes';
import { PET_TYPES, type PetType } from '@/domain/pet-types';
import { schemaValidator } from '@/web/lib/form';
import type { PhotoItem } from '../photo-manager';

// The listing form's values: text as typed, the defaults of a new listing or an existing one's
// values, and the check by the server's own schema.

export type ListingFormValues = {
  title: string;
  description: string;
  address: string;
  locality: string;
  city: string;
  state: string;
  nightly_price_inr: string;
  deposit_inr: string;
  lat: string;
  lng: string;
  size_supported: StaySize[];
  max_pets: string;
  cancellation_policy: CancellationPolicy;
  amenities: string[];
  pet_types: PetType[];
  vaccinations_required: boolean;
  meet_required: boolean;
  house_rules: HouseRule[];
  house_rules_note: string;
  host_pets: HostPet[];
};

export type FieldName = keyof ListingFormValues;

/** The form's visual order: the first error in it is the one the toast shows. */
export const FIELD_ORDER: FieldName[] = [
  'title',
  'description',
  'address',
  'locality',
  'city',
  'state',
  'lat',
  'lng',
  'nightly_price_inr',
  'deposit_inr',
  'pet_types',
  'size_supported',
  'max_pets',
  'vaccinations_required',
  'meet_required',
  'house_rules',
  'house_rules_note',
  'host_pets',
  'cancellation_policy',
  'amenities',
];

const AHMEDABAD = cityCentre(DEFAULT_CITY)!;

function toSchemaInput(values: ListingFormValues) {
  return {
    ...values,
    nightly_price_inr: parseNumberInput(values.nightly_price_inr),
    deposit_inr: parseNumberInput(values.deposit_inr),
    lat: parseNumberInput(values.lat),
    lng: parseNumberInput(values.lng),
    max_pets: parseNumberInput(values.max_pets),
  };
}

export const validate = schemaValidator<ListingFormValues, ListingCreate>(
  async () => (await import('@/domain/contracts/listing')).listingFormSchema,
  toSchemaInput,
);

export function defaultsFor(listing?: ListingDetail): ListingFormValues {
  if (!listing) {
    return {
      title: '',
      description: '',
      address: '',
      locality: '',
      city: DEFAULT_CITY,
      state: 'Gujarat',
      nightly_price_inr: '',
      deposit_inr: '0',
      lat: String(AHMEDABAD.lat),
      lng: String(AHMEDABAD.lng),
      size_supported: [...STAY_SIZES],
      max_pets: '2',
      cancellation_policy: DEFAULT_CANCELLATION_POLICY,
      amenities: [],
      pet_types: [...PET_TYPES],
      vaccinations_required: false,
      meet_required: false,
      house_rules: [],
      house_rules_note: '',
      host_pets: [],
    };
  }
  return {
    title: listing.title,
    description: listing.description,
    // The host's own listing always comes with its address.
    address: listing.address ?? '',
    locality: listing.locality,
    city: listing.city,
    state: listing.state,
    nightly_price_inr: String(listing.nightly_price_inr),
    deposit_inr: String(listing.deposit_inr),
    lat: String(listing.lat),
    lng: String(listing.lng),
    size_supported: listing.size_supported,
    max_pets: String(listing.max_pets),
    cancellation_policy: listing.cancellation_policy,
    amenities: listing.amenities,
    pet_types: listing.pet_types,
    vaccinations_required: listing.vaccinations_required,
    meet_required: listing.meet_required,
    house_rules: listing.house_rules,
    house_rules_note: listing.house_rules_note,
    host_pets: listing.host_pets,
  };
}

export function photosOf(listing?: ListingDetail): PhotoItem[] {
  return (listing?.listing_photos ?? []).map((p) => ({ kind: 'saved', key: p.id, id: p.id, url: p.url, alt: p.alt, savedAlt: p.alt }));
}
