import { formatList } from '@/web/i18n/i18n';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/web/lib/toast';
import type { Pet } from '@/domain/contracts/pet';
import { addYears, isIsoDate, todayInIndia } from '@/domain/dates';
import { PET_BREEDS } from '@/domain/pet-breeds';
import { PET_LIMITS, suggestedSize, VACCINES } from '@/domain/pet-profile';
import { PET_SIZES, type PetSize } from '@/domain/pet-sizes';
import { PET_SIZE_NAME, PET_TYPE_ONE } from '@/web/i18n/domain-labels';
import { formatAge, vaccineName } from '@/web/i18n/pet-words';
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

const SIZE_HINTS: Record<PetSize, MessageDescriptor> = {
  xs: msg`under 5 kg`,
  s: msg`5-10 kg`,
  m: msg`10-25 kg`,
  l: msg`25-45 kg`,
  xl: msg`over 45 kg`,
};

/** "12", "12.5": a weight as the size hint repeats it. */
const kg = (weight: number) => String(Math.round(weight * 10) / 10);

export function PetFormDialog({ open, onOpenChange, pet }: { open: boolean; onOpenChange: (open: boolean) => void; pet?: Pet }) {
  const save = useSavePet();
  const form = useSchemaForm({ defaultValues: blank, validate });
  const { errors, values } = form;
  const ids = useId();
  const today = todayInIndia();
  const { t, i18n } = useLingui();

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
      toast.error(adding ? t`Failed to add pet` : t`Failed to update pet`);
      return;
    }
    const { pet: answer, failed } = saved;
    const missed = (Object.keys(failed) as (keyof FileFailures)[]).map((key) => {
      const vaccine = key === 'photo' ? '' : vaccineName(i18n, key, answer.type);
      return key === 'photo' ? t`the photo` : t`the ${vaccine} certificate`;
    });
    if (adding) toast.success(t`Pet added successfully!`);
    if (missed.length === 0) {
      if (!adding) toast.success(t`Pet updated successfully!`);
      onOpenChange(false);
      return;
    }
    // The pet is saved; the files that failed stay chosen, and Save sends them to the saved pet.
    setCurrent(answer);
    setPhoto(failed.photo ? photo : { kind: 'keep' });
    setCertificates({ rabies: failed.rabies ? sending.rabies : keepAll.rabies, core: failed.core ? sending.core : keepAll.core });
    setFileErrors(failed);
    const name = answer.name;
    const files = formatList(missed, i18n);
    toast.error(t`${name} is saved, but ${files} could not be sent. Try again, or remove it.`);
  });

  const type = values.type;
  const breedList = `${ids}-breeds`;
  const currentName = current?.name ?? '';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="scroll-pb-28 pb-0 sm:max-w-2xl sm:pb-0">
        <DialogHeader>
          <DialogTitle>{current ? t`Edit ${currentName}` : t`Add Pet`}</DialogTitle>
          <DialogDescription>
            <Trans>Hosts see this before they accept, so a few details go a long way.</Trans>
          </DialogDescription>
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

          <FormField label={<Trans>Name</Trans>} error={errors.name}>
            {(control) => <Input {...control} autoComplete="off" maxLength={PET_LIMITS.name + 20} {...form.register('name')} />}
          </FormField>

          <div className="grid gap-5 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
            <FormField label={<Trans>Type</Trans>} error={errors.type}>
              {(control) => (
                <Select {...control} {...form.register('type')}>
                  <option value="dog">{i18n._(PET_TYPE_ONE.dog)}</option>
                  <option value="cat">{i18n._(PET_TYPE_ONE.cat)}</option>
                </Select>
              )}
            </FormField>
            <FormField label={<Trans>Breed</Trans>} error={errors.breed} hint={<Trans>Optional: pick from the list, or type your own</Trans>}>
              {(control) => (
                <>
                  <Input
                    {...control}
                    list={breedList}
                    autoComplete="off"
                    placeholder={type === 'cat' ? t`Persian, Indian (Desi) cat...` : t`Indie, Labrador Retriever...`}
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
            <FormField label={<Trans>Weight (kg)</Trans>} error={errors.weight_kg} hint={<Trans>Optional, to one decimal</Trans>}>
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
              label={<Trans>Size</Trans>}
              error={errors.size}
              hint={
                suggestion && validWeight !== undefined ? (
                  <>
                    <SuggestedSize weight={kg(validWeight)} size={i18n._(PET_SIZE_NAME[suggestion])} />
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
                          <UseSize size={i18n._(PET_SIZE_NAME[suggestion]).toLocaleLowerCase(i18n.locale)} />
                        </button>
                      </>
                    )}
                  </>
                ) : (
                  <Trans>Give the weight and we suggest one</Trans>
                )
              }
            >
              {(control) => (
                <Select {...control} {...form.register('size', { onChange: () => setSizePicked(true) })}>
                  {PET_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {i18n._(PET_SIZE_NAME[size])} ({i18n._(SIZE_HINTS[size])})
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label={<Trans>Birth date</Trans>} error={errors.birth_date} hint={birth ? undefined : <Trans>Optional; a guess is fine</Trans>}>
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
                      <AgeOld age={formatAge(birth, today, i18n)} />
                    </span>
                  )}
                </div>
              )}
            </FormField>
            <NeuteredField value={values.neutered} onChange={(value) => form.setValue('neutered', value)} error={errors.neutered} />
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-base font-bold text-stone-900">
              <Trans>Vaccinations</Trans>
            </legend>
            <p className="text-sm text-stone-600">
              <Trans>Each dose covers a year. A certificate is optional and stays private: only you and the hosts you send a request to can open it.</Trans>
            </p>
            <div className="grid gap-3 md:grid-cols-2">
              {VACCINES.map((vaccine) => (
                <VaccinationField
                  key={vaccine}
                  vaccine={vaccine}
                  label={vaccineName(i18n, vaccine, type)}
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

          <FormField
            label={<Trans>Temperament</Trans>}
            error={errors.temperament}
            hint={<LengthCounter length={values.temperament.length} max={PET_LIMITS.temperament} text={t`Optional: with people, dogs, cats, children`} />}
          >
            {(control) => <Textarea {...control} rows={3} placeholder={t`Calm with people, shy with big dogs`} {...form.register('temperament')} />}
          </FormField>
          <FormField label={<Trans>Care notes</Trans>} error={errors.notes} hint={<LengthCounter length={values.notes.length} max={PET_LIMITS.notes} text={t`Optional: food, walks, fears, medicines`} />}>
            {(control) => <Textarea {...control} rows={4} {...form.register('notes')} />}
          </FormField>

          {current && <BookedNote pet={current} />}

          {/* Kept in view at the bottom of the dialog, however long the form. */}
          <DialogFooter className="sticky bottom-0 z-10 -mx-6 mt-1 flex-row justify-end border-t border-stone-200 bg-white/95 px-6 py-4 backdrop-blur-sm sm:-mx-8 sm:px-8 [&>button]:flex-1 sm:[&>button]:flex-none">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {current ? <Trans>Save changes</Trans> : <Trans>Add Pet</Trans>}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}


/** "Suggested from 18.5 kg: Medium". */
function SuggestedSize({ weight, size }: { weight: string; size: string }) {
  return (
    <Trans>
      Suggested from {weight} kg: {size}
    </Trans>
  );
}

/** "Use medium", the button that takes the suggestion. */
function UseSize({ size }: { size: string }) {
  return <Trans>Use {size}</Trans>;
}

/** "3 years old". */
function AgeOld({ age }: { age: string }) {
  return <Trans>{age} old</Trans>;
}
