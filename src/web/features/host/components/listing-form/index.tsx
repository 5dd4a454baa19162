import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type FormErrors, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { Loader2 } from 'lucide-react';
import { STAY_SIZE_LABELS, STAY_SIZES } from '@/domain/pet-sizes';
import { PET_POLICY_LIMITS } from '@/domain/pet-policy-labels';
import { LISTING_LIMITS } from '@/domain/listing-limits';
import { localityFromAddress } from '@/domain/locality';
import type { ListingCreate, ListingDetail } from '@/domain/contracts/listing';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { createListing, updateListing, useInvalidateAfterSave } from '../../api';
import { CancellationPolicyField } from '../cancellation-policy-field';
import { HostPetsField, HouseRulesField, MeetRequiredField, PetTypesField, VaccinationsField } from '../pet-policy-fields';
import { PhotoManager, type PhotoItem } from '../photo-manager';
import { ToggleChip } from '@/web/components/ui/toggle-chip';
import { AmenitiesField } from './amenities-field';
import { ChipGroup, FormSection, RupeeInput } from './form-parts';
import { LengthCounter } from '@/web/components/ui/length-counter';
import { LocationField } from './location-field';
import { type Progress, savePhotos } from './save-photos';
import { defaultsFor, type FieldName, FIELD_ORDER, type ListingFormValues, photosOf, validate } from './values';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

// The create and edit form of a listing (SPEC.md section 5). The browser validates with the same
// zod schema as the server; number fields are typed as text and go through parseNumberInput
// first, so "abc" becomes 0 and gets the field's own message. The first error is also a toast.

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
          hint={<LengthCounter length={title.trim().length} max={LISTING_LIMITS.title.max} text="e.g. Garden home with a fenced lawn in Bodakdev" />}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('title')} />}
        </FormField>
        <FormField
          label="Description"
          error={err('description')}
          hint={
            <LengthCounter length={description.trim().length}
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

      <FormSection title="Price" description={`Whole rupees. Guests pay GST on top; PawStay's ${PLATFORM_FEE_TEXT} fee comes out of your payout.`}>
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
        <MeetRequiredField value={form.values.meet_required} onChange={(required) => form.setValue('meet_required', required)} error={err('meet_required')} />
        <hr className="border-stone-200" />
        <HouseRulesField value={form.values.house_rules} onChange={(rules) => form.setValue('house_rules', rules)} error={err('house_rules')} />
        <FormField
          label="Other house rules"
          error={err('house_rules_note')}
          hint={<LengthCounter length={house_rules_note.trim().length} max={PET_POLICY_LIMITS.houseRulesNote} text="Optional, in your own words: feeding times, rooms that are off limits." />}
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
