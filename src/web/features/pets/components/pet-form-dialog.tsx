import { Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { Pet } from '@/domain/contracts/pet';
import { addYears, isIsoDate, todayInIndia } from '@/domain/dates';
import { PET_BREEDS } from '@/domain/pet-breeds';
import { ageText, PET_LIMITS, suggestedSize, vaccineLabel, VACCINES } from '@/domain/pet-profile';
import { PET_SIZE_LABELS, PET_SIZES, type PetSize } from '@/domain/pet-sizes';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LengthCounter } from '@/web/components/ui/length-counter';
import { Select } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { useSchemaForm } from '@/web/lib/form';
import { type FileChange, type FileFailures, useSavePet } from '../api';
import { NeuteredField } from './neutered-field';
import { BookedNote } from './pet-card';
import { blank, formField, keepAll, validate, valuesOf, weightOf } from './pet-form-values';
import { PetPhotoField } from './pet-photo-field';
import { VaccinationField } from './vaccination-field';

// Add Pet (SPEC.md /pets) and its twin, editing a pet: the whole profile of PRODUCT.md section 9.
// The fields are checked by the server's own schema; the photo and the certificates are sent
// by one request once the pet is saved, since their address needs its id.

const SIZE_HINTS: Record<PetSize, string> = {
  xs: 'under 5 kg',
  s: '5-10 kg',
  m: '10-25 kg',
  l: '25-45 kg',
  xl: 'over 45 kg',
};

/** "12", "12.5": a weight as the size hint repeats it. */
const kg = (weight: number) => String(Math.round(weight * 10) / 10);

export function PetFormDialog({ open, onOpenChange, pet }: { open: boolean; onOpenChange: (open: boolean) => void; pet?: Pet }) {
  const save = useSavePet();
  const form = useSchemaForm({ defaultValues: blank, validate });
  const { errors, values } = form;
  const ids = useId();
  const today = todayInIndia();

  // The pet being edited: the one opened, or, after a save whose files failed, the one saved.
  const [current, setCurrent] = useState<Pet | undefined>(pet);
  const [photo, setPhoto] = useState<FileChange>({ kind: 'keep' });
  const [certificates, setCertificates] = useState(keepAll);
  const [fileErrors, setFileErrors] = useState<FileFailures>({});
  // The size follows the weight until the owner picks one.
  const [sizePicked, setSizePicked] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.reset(pet ? valuesOf(pet) : blank);
    setCurrent(pet);
    setPhoto({ kind: 'keep' });
    setCertificates(keepAll);
    setFileErrors({});
    setSizePicked(pet ? pet.weight_kg === null || suggestedSize(pet.weight_kg) !== pet.size : false);
  }, [open, pet, form.reset]);

  const weight = weightOf(values.weight_kg);
  const validWeight = weight !== null && weight >= PET_LIMITS.weightKg.min && weight <= PET_LIMITS.weightKg.max ? weight : undefined;
  const suggestion = validWeight === undefined ? undefined : suggestedSize(validWeight);
  const birth = isIsoDate(values.birth_date) && values.birth_date <= today ? values.birth_date : undefined;
  const busy = form.isSubmitting || save.isPending;

  const onWeightChange = () => {
    const typed = weightOf(form.getValues().weight_kg);
    if (sizePicked || typed === null || !(typed >= PET_LIMITS.weightKg.min && typed <= PET_LIMITS.weightKg.max)) return;
    const size = suggestedSize(typed);
    if (form.getValues().size !== size) form.setValue('size', size);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    const adding = !current;
    // A certificate waits for its date: one chosen for a date since cleared is not sent.
    const sending = { rabies: input.vaccinations.rabies ? certificates.rabies : keepAll.rabies, core: input.vaccinations.core ? certificates.core : keepAll.core };
    let saved: { pet: Pet; failed: FileFailures };
    try {
      saved = await save.mutateAsync({ id: current?.id, input, photo, certificates: sending });
    } catch (err) {
      for (const [key, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
        const field = formField(key);
        if (field) form.setError(field, message);
      }
      toast.error(adding ? 'Failed to add pet' : 'Failed to update pet');
      return;
    }
    const { pet: answer, failed } = saved;
    const missed = (Object.keys(failed) as (keyof FileFailures)[]).map((key) =>
      key === 'photo' ? 'the photo' : `the ${vaccineLabel(key, answer.type)} certificate`,
    );
    if (adding) toast.success('Pet added successfully!');
    if (missed.length === 0) {
      if (!adding) toast.success('Pet updated successfully!');
      onOpenChange(false);
      return;
    }
    // The pet is saved; the files that failed stay chosen, and Save sends them to the saved pet.
    setCurrent(answer);
    setPhoto(failed.photo ? photo : { kind: 'keep' });
    setCertificates({ rabies: failed.rabies ? sending.rabies : keepAll.rabies, core: failed.core ? sending.core : keepAll.core });
    setFileErrors(failed);
    toast.error(`${answer.name} is saved, but ${missed.join(' and ')} could not be sent. Try again, or remove it.`);
  });

  const type = values.type;
  const breedList = `${ids}-breeds`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="scroll-pb-28 pb-0 sm:max-w-2xl sm:pb-0">
        <DialogHeader>
          <DialogTitle>{current ? `Edit ${current.name}` : 'Add Pet'}</DialogTitle>
          <DialogDescription>Hosts see this before they accept, so a few details go a long way.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <PetPhotoField
            savedUrl={current?.photo_url ?? null}
            change={photo}
            onChange={(change) => {
              setPhoto(change);
              setFileErrors((old) => ({ ...old, photo: undefined }));
            }}
            error={fileErrors.photo}
            onError={(message) => setFileErrors((old) => ({ ...old, photo: message }))}
            type={type}
            disabled={busy}
          />

          <FormField label="Name" error={errors.name}>
            {(control) => <Input {...control} autoComplete="off" maxLength={PET_LIMITS.name + 20} {...form.register('name')} />}
          </FormField>

          <div className="grid gap-5 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
            <FormField label="Type" error={errors.type}>
              {(control) => (
                <Select {...control} {...form.register('type')}>
                  <option value="dog">Dog</option>
                  <option value="cat">Cat</option>
                </Select>
              )}
            </FormField>
            <FormField label="Breed" error={errors.breed} hint="Optional: pick from the list, or type your own">
              {(control) => (
                <>
                  <Input
                    {...control}
                    list={breedList}
                    autoComplete="off"
                    placeholder={type === 'cat' ? 'Persian, Indian (Desi) cat...' : 'Indie, Labrador Retriever...'}
                    {...form.register('breed')}
                  />
                  <datalist id={breedList}>
                    {PET_BREEDS[type].map((breed) => (
                      <option key={breed} value={breed} />
                    ))}
                  </datalist>
                </>
              )}
            </FormField>
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Weight (kg)" error={errors.weight_kg} hint="Optional, to one decimal">
              {(control) => (
                <div className="relative">
                  <Input {...control} inputMode="decimal" autoComplete="off" className="pr-12" {...form.register('weight_kg', { onChange: onWeightChange })} />
                  <span className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-stone-600" aria-hidden="true">
                    kg
                  </span>
                </div>
              )}
            </FormField>
            <FormField
              label="Size"
              error={errors.size}
              hint={
                suggestion && validWeight !== undefined ? (
                  <>
                    Suggested from {kg(validWeight)} kg: {PET_SIZE_LABELS[suggestion]}
                    {values.size !== suggestion && (
                      <>
                        {' · '}
                        <button
                          type="button"
                          className="font-semibold text-primary-700 underline underline-offset-2 hover:text-primary-800"
                          onClick={() => {
                            form.setValue('size', suggestion);
                            setSizePicked(false);
                          }}
                        >
                          Use {PET_SIZE_LABELS[suggestion].toLowerCase()}
                        </button>
                      </>
                    )}
                  </>
                ) : (
                  'Give the weight and we suggest one'
                )
              }
            >
              {(control) => (
                <Select {...control} {...form.register('size', { onChange: () => setSizePicked(true) })}>
                  {PET_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {PET_SIZE_LABELS[size]} ({SIZE_HINTS[size]})
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Birth date" error={errors.birth_date} hint={birth ? undefined : 'Optional; a guess is fine'}>
              {(control) => (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <Input
                    {...control}
                    aria-describedby={[control['aria-describedby'], birth ? `${ids}-age` : undefined].filter(Boolean).join(' ') || undefined}
                    type="date"
                    min={addYears(today, -PET_LIMITS.maxAgeYears)}
                    max={today}
                    className="w-auto min-w-0 flex-1 basis-36"
                    {...form.register('birth_date')}
                  />
                  {birth && (
                    <span id={`${ids}-age`} className="text-[0.9375rem] font-medium whitespace-nowrap text-stone-700" data-testid="pet-age">
                      {ageText(birth, today)} old
                    </span>
                  )}
                </div>
              )}
            </FormField>
            <NeuteredField value={values.neutered} onChange={(value) => form.setValue('neutered', value)} error={errors.neutered} />
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-base font-bold text-stone-900">Vaccinations</legend>
            <p className="text-sm text-stone-600">
              Each dose covers a year. A certificate is optional and stays private: only you and the hosts you send a request to can open it.
            </p>
            <div className="grid gap-3 md:grid-cols-2">
              {VACCINES.map((vaccine) => (
                <VaccinationField
                  key={vaccine}
                  vaccine={vaccine}
                  label={vaccineLabel(vaccine, type)}
                  petId={current?.id}
                  saved={current?.vaccinations[vaccine] ?? null}
                  givenOn={values[vaccine]}
                  dateProps={form.register(vaccine)}
                  dateError={errors[vaccine]}
                  min={birth}
                  today={today}
                  change={certificates[vaccine]}
                  onChange={(change) => {
                    setCertificates((old) => ({ ...old, [vaccine]: change }));
                    setFileErrors((old) => ({ ...old, [vaccine]: undefined }));
                  }}
                  fileError={fileErrors[vaccine]}
                  onFileError={(message) => setFileErrors((old) => ({ ...old, [vaccine]: message }))}
                  disabled={busy}
                />
              ))}
            </div>
          </fieldset>

          <FormField label="Temperament" error={errors.temperament} hint={<LengthCounter length={values.temperament.length} max={PET_LIMITS.temperament} text="Optional: with people, dogs, cats, children" />}>
            {(control) => <Textarea {...control} rows={3} placeholder="Calm with people, shy with big dogs" {...form.register('temperament')} />}
          </FormField>
          <FormField label="Care notes" error={errors.notes} hint={<LengthCounter length={values.notes.length} max={PET_LIMITS.notes} text="Optional: food, walks, fears, medicines" />}>
            {(control) => <Textarea {...control} rows={4} {...form.register('notes')} />}
          </FormField>

          {current && <BookedNote pet={current} />}

          {/* Kept in view at the bottom of the dialog, however long the form. */}
          <DialogFooter className="sticky bottom-0 z-10 -mx-6 mt-1 flex-row justify-end border-t border-stone-200 bg-white/95 px-6 py-4 backdrop-blur-sm sm:-mx-8 sm:px-8 [&>button]:flex-1 sm:[&>button]:flex-none">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {current ? 'Save changes' : 'Add Pet'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

