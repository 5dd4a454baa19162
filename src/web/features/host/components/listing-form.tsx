import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { schemaValidator, useSchemaForm, type FormErrors, type SchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { CircleAlert, Loader2, Plus } from 'lucide-react';
import { type CancellationPolicy, DEFAULT_CANCELLATION_POLICY } from '@/domain/cancellation';
import { cityCentre, DEFAULT_CITY } from '@/domain/cities';
import { STAY_SIZE_LABELS, STAY_SIZES, type StaySize } from '@/domain/pet-sizes';
import { type HostPet, type HouseRule, PET_POLICY_LIMITS } from '@/domain/pet-policy-labels';
import { PET_TYPES, type PetType } from '@/domain/pet-types';
import { LISTING_LIMITS, parseNumberInput } from '@/domain/listing-limits';
import { localityFromAddress } from '@/domain/locality';
import type { ListingCreate, ListingDetail } from '@/domain/contracts/listing';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { LazyMap, type LatLng } from '@/web/features/map';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { createListing, updateListing, useInvalidateAfterSave } from '../api';
import { type Progress, savePhotos } from './listing-form/save-photos';
import { CancellationPolicyField } from './cancellation-policy-field';
import { HostPetsField, HouseRulesField, PetTypesField, VaccinationsField } from './pet-policy-fields';
import { PhotoManager, type PhotoItem } from './photo-manager';
import { ToggleChip } from '@/web/components/ui/toggle-chip';

// The create and edit form of a listing (SPEC.md section 5). The browser validates with the same
// zod schema as the server; number fields are typed as text and go through parseNumberInput
// first, so "abc" becomes 0 and gets the field's own message. The first error is also a toast.

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
  house_rules: HouseRule[];
  house_rules_note: string;
  host_pets: HostPet[];
};

type FieldName = keyof ListingFormValues;

/** The form's visual order: the first error in it is the one the toast shows. */
const FIELD_ORDER: FieldName[] = [
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
  'house_rules',
  'house_rules_note',
  'host_pets',
  'cancellation_policy',
  'amenities',
];

export const SUGGESTED_AMENITIES = [
  'WiFi',
  'Air conditioning',
  'Parking',
  'Fenced garden',
  'Dog bowls & beds',
  'Cat trees',
  'Litter boxes',
  'Near a park',
  'Dog walking included',
  'Pet sitter on call',
  'Balcony with safety net',
  'Vet nearby',
  'Power backup',
  'Lift',
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

const validate = schemaValidator<ListingFormValues, ListingCreate>(
  async () => (await import('@/domain/contracts/listing')).listingFormSchema,
  toSchemaInput,
);

function defaultsFor(listing?: ListingDetail): ListingFormValues {
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
    house_rules: listing.house_rules,
    house_rules_note: listing.house_rules_note,
    host_pets: listing.host_pets,
  };
}

function photosOf(listing?: ListingDetail): PhotoItem[] {
  return (listing?.listing_photos ?? []).map((p) => ({ kind: 'saved', key: p.id, id: p.id, url: p.url, alt: p.alt, savedAlt: p.alt }));
}

/** Whether a coordinate field holds a usable number (the pin follows the fields when they do). */
function coordinate(text: string, limit: number): number | undefined {
  const value = parseNumberInput(text);
  return text.trim() !== '' && Math.abs(value) <= limit ? value : undefined;
}

export function ListingForm({ listing }: { listing?: ListingDetail }) {
  const editing = Boolean(listing);
  const navigate = useNavigate();
  const invalidate = useInvalidateAfterSave();
  const form = useSchemaForm({ defaultValues: defaultsFor(listing), validate });
  const { errors, isSubmitting, isSubmitted } = form;
  const [photos, setPhotos] = useState<PhotoItem[]>(() => photosOf(listing));
  const [progress, setProgress] = useState<Progress>(null);
  const busy = isSubmitting || progress !== null;
  const err = (field: FieldName) => errors[field];
  const { title, description, house_rules_note } = form.values;
  // The locality its address names (the server takes the same from a client that sends none),
  // filled in while the host has not written one of their own.
  const suggestedLocality = useRef(localityFromAddress(form.values.address, form.values.city, form.values.state));
  const suggestLocality = () => {
    const { address, city, state, locality } = form.getValues();
    const next = localityFromAddress(address, city, state);
    if (locality.trim() === '' || locality === suggestedLocality.current) form.setValue('locality', next);
    suggestedLocality.current = next;
  };

  // SPEC.md section 5: the first error as a toast; one at a time, a new one for each attempt (an
  // update of a toast on its way out would not show).
  const errorToast = useRef<string | undefined>(undefined);
  const onInvalid = (found: FormErrors<ListingFormValues>) => {
    const first = FIELD_ORDER.map((f) => found[f]).find(Boolean);
    if (errorToast.current !== undefined) toast.dismiss(errorToast.current);
    if (first) errorToast.current = toast.error(first);
  };

  const applyServerErrors = (error: unknown) => {
    const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
    const shown = new Set<string>();
    for (const [path, message] of Object.entries(fields)) {
      // A row's field ("host_pets.1.line") is shown under its list, the first row's message.
      const field = path.split('.')[0]!;
      if (!(FIELD_ORDER as string[]).includes(field) || shown.has(field)) continue;
      shown.add(field);
      form.setError(field as FieldName, message);
    }
  };

  const save = async (values: ListingCreate) => {
    if (!listing) {
      let created: ListingDetail;
      try {
        created = await createListing(values);
      } catch (error) {
        applyServerErrors(error);
        toast.error('Failed to create listing');
        return;
      }
      const failed = await savePhotos(created.id, photos, [], setProgress);
      setProgress(null);
      await invalidate(created.id);
      if (failed.length === 0) {
        toast.success('Listing created successfully!');
        navigate('/host');
      } else {
        toast.error(`Listing created, but ${failed.length} ${failed.length === 1 ? 'photo' : 'photos'} did not upload`, {
          description: `${failed[0]} Add them again here.`,
          duration: 10_000,
        });
        navigate(`/host/listing/${created.id}/edit`, { replace: true });
      }
      return;
    }

    try {
      setProgress({ label: 'Saving...' });
      await updateListing(listing.id, values);
    } catch (error) {
      setProgress(null);
      applyServerErrors(error);
      toast.error('Failed to update listing');
      return;
    }
    const problems = await savePhotos(listing.id, photos, listing.listing_photos, setProgress);
    setProgress(null);
    await invalidate(listing.id);
    if (problems.length === 0) {
      toast.success('Listing updated');
      navigate('/host');
    } else {
      // The form reloads with what was saved (see EditListingPage's key), so the host can retry.
      toast.error('Listing saved, but some photo changes failed', { description: problems[0], duration: 10_000 });
    }
  };

  const onSubmit = form.handleSubmit(save, onInvalid);

  return (
    <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-6 sm:mt-10 sm:gap-8" aria-busy={busy}>
      <FormSection title="About your place" description="A clear title and an honest description get the right guests.">
        <FormField
          label="Title"
          error={err('title')}
          hint={<Counter value={title} max={LISTING_LIMITS.title.max} text="e.g. Garden home with a fenced lawn in Bodakdev" />}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('title')} />}
        </FormField>
        <FormField
          label="Description"
          error={err('description')}
          hint={
            <Counter
              value={description}
              max={LISTING_LIMITS.description.max}
              text="The space, the neighbourhood, your own pets, house rules."
            />
          }
        >
          {(control) => <Textarea {...control} rows={6} {...form.register('description')} />}
        </FormField>
      </FormSection>

      <FormSection title="Where it is" description="Guests see the locality and the area around your home; the exact address and pin only once they have paid for a stay and check-in nears.">
        <FormField label="Address" error={err('address')}>
          {(control) => <Input {...control} autoComplete="street-address" {...form.register('address', { onChange: suggestLocality })} />}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField label="Locality" error={err('locality')} hint="For example Bodakdev">
            {(control) => <Input {...control} autoComplete="address-level3" {...form.register('locality')} />}
          </FormField>
          <FormField label="City" error={err('city')}>
            {(control) => <Input {...control} autoComplete="address-level2" {...form.register('city', { onChange: suggestLocality })} />}
          </FormField>
          <FormField label="State" error={err('state')}>
            {(control) => <Input {...control} autoComplete="address-level1" {...form.register('state', { onChange: suggestLocality })} />}
          </FormField>
        </div>
        <LocationField form={form} editing={editing} latError={err('lat')} lngError={err('lng')} />
      </FormSection>

      <FormSection title="Price" description="Whole rupees. Guests pay GST on top; PawStay's 5% fee comes out of your payout.">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Nightly price" error={err('nightly_price_inr')} hint="Per night, in ₹">
            {(control) => <RupeeInput {...control} placeholder="2,500" {...form.register('nightly_price_inr')} />}
          </FormField>
          <FormField label="Security deposit" error={err('deposit_inr')} hint="Refundable; 0 for none">
            {(control) => <RupeeInput {...control} placeholder="0" {...form.register('deposit_inr')} />}
          </FormField>
        </div>
      </FormSection>

      <FormSection title="Pet policy" description="Guests see it on your listing, and every request is checked against it before it reaches you.">
        <PetTypesField value={form.values.pet_types} onChange={(types) => form.setValue('pet_types', types)} error={err('pet_types')} />
        <ChipGroup label="Accepted pet sizes" error={err('size_supported')}>
          {STAY_SIZES.map((size) => {
            const sizes = form.values.size_supported;
            const on = sizes.includes(size);
            return (
              <ToggleChip key={size} pressed={on} onClick={() => form.setValue('size_supported', on ? sizes.filter((s) => s !== size) : [...sizes, size])}>
                {STAY_SIZE_LABELS[size]}
              </ToggleChip>
            );
          })}
        </ChipGroup>
        <FormField label="Maximum pets" error={err('max_pets')} hint="How many pets can stay at once" className="sm:max-w-56">
          {(control) => (
            <Select {...control} {...form.register('max_pets')}>
              {Array.from({ length: LISTING_LIMITS.maxPets.max }, (_, i) => String(i + 1)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <hr className="border-stone-200" />
        <VaccinationsField
          value={form.values.vaccinations_required}
          onChange={(required) => form.setValue('vaccinations_required', required)}
          error={err('vaccinations_required')}
        />
        <hr className="border-stone-200" />
        <HouseRulesField value={form.values.house_rules} onChange={(rules) => form.setValue('house_rules', rules)} error={err('house_rules')} />
        <FormField
          label="Other house rules"
          error={err('house_rules_note')}
          hint={<Counter value={house_rules_note} max={PET_POLICY_LIMITS.houseRulesNote} text="Optional, in your own words: feeding times, rooms that are off limits." />}
        >
          {(control) => <Textarea {...control} rows={3} className="min-h-24" {...form.register('house_rules_note')} />}
        </FormField>
        <hr className="border-stone-200" />
        <HostPetsField value={form.values.host_pets} onChange={(pets) => form.setValue('host_pets', pets)} error={err('host_pets')} />
      </FormSection>

      <FormSection title="Cancellations" description="What a guest gets back if they cancel a paid stay. You can change it later; a stay keeps the policy it was booked under.">
        <CancellationPolicyField value={form.values.cancellation_policy} onChange={(policy) => form.setValue('cancellation_policy', policy)} />
      </FormSection>

      <FormSection title="Amenities" description="What makes your place easy for pets and their people.">
        <AmenitiesField value={form.values.amenities} onChange={(amenities) => form.setValue('amenities', amenities)} error={err('amenities')} />
      </FormSection>

      <FormSection title="Photos" description="Bright photos of the space, the outdoors and happy pets. The first photo is the cover.">
        <PhotoManager items={photos} onChange={setPhotos} disabled={busy} />
      </FormSection>

      <div className="sticky bottom-0 z-20 -mx-5 border-t sm:bottom-4 border-stone-200 bg-white px-5 py-4 sm:mx-0 sm:rounded-3xl sm:border sm:px-6 sm:shadow-[var(--shadow-card)]">
        <div className="flex items-center justify-between gap-3">
          <p className="hidden text-sm text-stone-600 sm:block" aria-live="polite">
            {progress?.label ?? (isSubmitted && Object.keys(errors).length > 0 ? 'Please fix the highlighted fields.' : editing ? 'Changes are saved when you press Save.' : 'You can edit everything later.')}
          </p>
          <div className="flex flex-1 justify-end gap-3 sm:flex-none">
            <Button type="button" variant="outline" onClick={() => navigate('/host')} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} className="flex-1 sm:flex-none">
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {busy ? (progress?.label ?? 'Saving...') : editing ? 'Save changes' : 'Create Listing'}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}

function FormSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-5 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
      <div className="lg:pt-7">
        <h2 id={id} className="text-lg font-bold tracking-tight text-stone-900">
          {title}
        </h2>
        <p className="mt-1 text-[0.9375rem] leading-relaxed text-stone-600">{description}</p>
      </div>
      <div className="flex min-w-0 flex-col gap-6 rounded-3xl border border-stone-200/80 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7">{children}</div>
    </section>
  );
}

function Counter({ value, max, text }: { value: string | undefined; max: number; text: string }) {
  const length = (value ?? '').trim().length;
  return (
    <span className="flex justify-between gap-4">
      <span>{text}</span>
      <span className={cn('shrink-0 tabular-nums', length > max && 'font-semibold text-red-700')}>
        {length}/{max}
      </span>
    </span>
  );
}

function RupeeInput(props: React.ComponentProps<'input'>) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-stone-500">
        ₹
      </span>
      <Input {...props} type="text" inputMode="numeric" autoComplete="off" className="pl-9 tabular-nums" />
    </div>
  );
}

function ChipGroup({ label, error, hint, children }: { label: string; error?: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2.5">
      <span id={`${id}-label`} className="text-sm font-semibold text-stone-800">
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="flex flex-wrap gap-2"
      >
        {children}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

function AmenitiesField({ value, onChange, error }: { value: string[]; onChange: (value: string[]) => void; error?: string }) {
  const [custom, setCustom] = useState('');
  const inputId = useId();
  const has = (name: string) => value.some((v) => v.toLowerCase() === name.toLowerCase());
  const options = [...SUGGESTED_AMENITIES, ...value.filter((v) => !SUGGESTED_AMENITIES.some((s) => s.toLowerCase() === v.toLowerCase()))];
  const full = value.length >= LISTING_LIMITS.amenities.max;

  const add = () => {
    const name = custom.trim().replace(/\s+/g, ' ');
    if (!name) return;
    if (name.length > LISTING_LIMITS.amenities.itemMax) {
      toast.error('Each amenity must be less than 50 characters');
      return;
    }
    if (!has(name)) {
      if (full) {
        toast.error('Choose at most 20 amenities');
        return;
      }
      onChange([...value, name]);
    }
    setCustom('');
  };

  return (
    <div className="flex flex-col gap-6">
      <ChipGroup label="Amenities" error={error} hint={`${value.length} of ${LISTING_LIMITS.amenities.max} chosen`}>
        {options.map((name) => {
          const on = has(name);
          return (
            <ToggleChip
              key={name}
              pressed={on}
              disabled={!on && full}
              onClick={() => onChange(on ? value.filter((v) => v.toLowerCase() !== name.toLowerCase()) : [...value, name])}
            >
              {name}
            </ToggleChip>
          );
        })}
      </ChipGroup>
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold text-stone-800">
          Add your own
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            placeholder="e.g. Grooming corner"
            className="min-w-0"
          />
          <Button type="button" variant="outline" onClick={add} disabled={!custom.trim()} className="h-12">
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </div>
    </div>
  );
}

type FormApi = SchemaForm<ListingFormValues, ListingCreate>;

/**
 * The map pin and the coordinate fields, kept in step: dragging or clicking moves the pin and
 * fills the fields; typing in the fields moves the pin. While the host has not placed the pin,
 * a known city (Ahmedabad, Gandhinagar, Vadodara) moves it to that city's centre.
 */
function LocationField({ form, editing, latError, lngError }: { form: FormApi; editing: boolean; latError?: string; lngError?: string }) {
  const { lat: latText, lng: lngText, city } = form.values;
  const { setValue } = form;
  const placed = useRef(editing);
  const last = useRef<LatLng>({ lat: parseNumberInput(latText), lng: parseNumberInput(lngText) });
  // Typed coordinates move the pin once the typing pauses (not to 2° while "23.05" is typed).
  const [typed, setTyped] = useState({ latText, lngText });
  useEffect(() => {
    const timer = setTimeout(() => setTyped({ latText, lngText }), 400);
    return () => clearTimeout(timer);
  }, [latText, lngText]);
  const lat = coordinate(typed.latText, 90);
  const lng = coordinate(typed.lngText, 180);
  if (lat !== undefined && lng !== undefined) last.current = { lat, lng };

  const setPin = ({ lat, lng }: LatLng) => {
    placed.current = true;
    setValue('lat', String(lat));
    setValue('lng', String(lng));
    setTyped({ latText: String(lat), lngText: String(lng) });
  };

  useEffect(() => {
    if (placed.current) return;
    const centre = cityCentre(city ?? '');
    if (!centre) return;
    setValue('lat', String(centre.lat));
    setValue('lng', String(centre.lng));
  }, [city, setValue]);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-sm font-semibold text-stone-800" id="pin-label">
          Location on the map
        </p>
        <p className="mt-1 text-sm text-stone-600">Drag the pin to your home, or click the map to place it. You can also type the coordinates.</p>
      </div>
      <LazyMap
        eager
        mode="pin"
        lat={last.current.lat}
        lng={last.current.lng}
        zoom={13}
        label="Map: place your home's pin"
        pinLabel="Your home's location"
        onPinChange={setPin}
        className="aspect-[4/3] w-full rounded-2xl ring-1 ring-stone-200 sm:aspect-[16/9]"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Latitude" error={latError}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              className="tabular-nums"
              {...form.register('lat', { onChange: () => (placed.current = true) })}
            />
          )}
        </FormField>
        <FormField label="Longitude" error={lngError}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              className="tabular-nums"
              {...form.register('lng', { onChange: () => (placed.current = true) })}
            />
          )}
        </FormField>
      </div>
    </div>
  );
}
