import { Loader2, Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { CareSheetOut } from '@/domain/contracts/care-sheet';
import type { CareSheetInput } from '@/domain/stays/care-sheet';
import { Button } from '@/web/components/ui/button';
import { FieldError, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useSaveCareSheet } from '../api';

// The guest's care sheet for one pet on a paid stay (PRODUCT.md section 10). A nested form (a
// list of medicines, each with its times), so its state is its own rather than web/lib/form.ts's
// flat fields; it is checked by the same schema as the server's, loaded on the first save.

type Errors = Record<string, string>;

const MAX_TIMES = 4;
const MAX_MEDICINES = 5;
const loadSchema = () => import('@/domain/stays/care-sheet').then((m) => m.careSheetSchema);

/** What the form sends: blank time slots dropped (an empty slot is where a time may go, not a time). */
function prepared(sheet: CareSheetInput): CareSheetInput {
  const times = (list: string[]) => list.filter((t) => t.trim() !== '');
  return { ...sheet, food: { ...sheet.food, times: times(sheet.food.times) }, medicines: sheet.medicines.map((m) => ({ ...m, times: times(m.times) })) };
}

/** Each field's first message, by its path ("food.what", "medicines.0.times"). */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    // On a phone the sections are divided by a line, not boxed: a box in the card would take the width.
    <fieldset className="flex flex-col gap-4 border-t border-stone-200 pt-2 sm:rounded-2xl sm:border sm:p-5">
      <legend className="px-1 text-base font-bold text-stone-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Up to four times of day, each its own time input; at least one slot is always there to fill. */
function TimesField({ label, times, onChange, error, name }: { label: string; times: string[]; onChange: (times: string[]) => void; error?: string; name: string }) {
  const slots = times.length === 0 ? [''] : times;
  const set = (i: number, value: string) => onChange(slots.map((t, j) => (j === i ? value : t)));
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2">
      <span className="text-sm font-semibold text-stone-800">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        {slots.map((time, i) => (
          <span key={i} className="flex items-center gap-1">
            <Input
              type="time"
              aria-label={`${label} ${i + 1}`}
              name={`${name}.${i}`}
              value={time}
              onChange={(e) => set(i, e.target.value)}
              aria-invalid={Boolean(error)}
              className="h-11 w-36"
            />
            {slots.length > 1 && (
              <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove ${label.toLowerCase()} ${i + 1}`} onClick={() => onChange(slots.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          </span>
        ))}
      </div>
      {error && <FieldError>{error}</FieldError>}
      {slots.length < MAX_TIMES && (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => onChange([...slots, ''])}>
          <Plus aria-hidden="true" />
          Add a time
        </Button>
      )}
    </div>
  );
}

export function CareSheetForm({ stayId, pet, initial, onSaved }: { stayId: string; pet: { id: string; name: string }; initial: CareSheetOut; onSaved: () => void }) {
  const [sheet, setSheet] = useState<CareSheetInput>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveCareSheet(stayId);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (change: (s: CareSheetInput) => CareSheetInput) => setSheet((s) => change(s));
  const text = (path: string, value: string, update: (s: CareSheetInput, v: string) => CareSheetInput) => ({
    name: path,
    value,
    onChange: (e: { target: { value: string } }) => set((s) => update(s, e.target.value)),
  });
  const medicine = (i: number, change: Partial<CareSheetInput['medicines'][number]>) =>
    set((s) => ({ ...s, medicines: s.medicines.map((m, j) => (j === i ? { ...m, ...change } : m)) }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let schema;
    try {
      schema = await loadSchema();
    } catch {
      toast.error('This form could not be checked. Please check your connection and try again.');
      return;
    }
    const result = schema.safeParse(prepared(sheet));
    if (!result.success) {
      setErrors(errorsOf(result.error.issues));
      toast.error(`Please check ${pet.name}'s care sheet`);
      // To the first field that is wrong, once its message is drawn.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ petId: pet.id, sheet: prepared(sheet) });
      toast.success(`${pet.name}'s care sheet is saved. Your host can read it now.`);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'The care sheet could not be saved. Please try again.');
    }
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5" aria-label={`${pet.name}'s care sheet`}>
      <Section title="Food">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={`What ${pet.name} eats`} error={errors['food.what']}>
            {(control) => <Input {...control} {...text('food.what', sheet.food.what, (s, v) => ({ ...s, food: { ...s.food, what: v } }))} placeholder="Drools chicken kibble" />}
          </FormField>
          <FormField label="How much" error={errors['food.amount']}>
            {(control) => <Input {...control} {...text('food.amount', sheet.food.amount, (s, v) => ({ ...s, food: { ...s.food, amount: v } }))} placeholder="1 cup a meal" />}
          </FormField>
        </div>
        <TimesField
          label="Feeding time"
          name="food.times"
          times={sheet.food.times}
          error={errors['food.times'] ?? Object.entries(errors).find(([k]) => k.startsWith('food.times.'))?.[1]}
          onChange={(times) => set((s) => ({ ...s, food: { ...s.food, times } }))}
        />
      </Section>

      <Section title="Medicines">
        {sheet.medicines.length === 0 && <p className="text-sm text-stone-600">None. Add one if {pet.name} takes any during the stay.</p>}
        {sheet.medicines.map((m, i) => (
          <div key={i} className="flex flex-col gap-3 rounded-xl bg-sand-50 p-3 sm:p-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="Medicine" error={errors[`medicines.${i}.name`]}>
                {(control) => <Input {...control} name={`medicines.${i}.name`} value={m.name} onChange={(e) => medicine(i, { name: e.target.value })} />}
              </FormField>
              <FormField label="Dose" error={errors[`medicines.${i}.dose`]}>
                {(control) => <Input {...control} name={`medicines.${i}.dose`} value={m.dose} onChange={(e) => medicine(i, { dose: e.target.value })} placeholder="Half a tablet" />}
              </FormField>
            </div>
            <TimesField
              label={`Time for ${m.name.trim() || `medicine ${i + 1}`}`}
              name={`medicines.${i}.times`}
              times={m.times}
              error={errors[`medicines.${i}.times`] ?? Object.entries(errors).find(([k]) => k.startsWith(`medicines.${i}.times.`))?.[1]}
              onChange={(times) => medicine(i, { times })}
            />
            <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => set((s) => ({ ...s, medicines: s.medicines.filter((_, j) => j !== i) }))}>
              <Trash2 aria-hidden="true" />
              {`Remove ${m.name.trim() || `medicine ${i + 1}`}`}
            </Button>
          </div>
        ))}
        {errors.medicines && <FieldError>{errors.medicines}</FieldError>}
        {sheet.medicines.length < MAX_MEDICINES && (
          <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => set((s) => ({ ...s, medicines: [...s.medicines, { name: '', dose: '', times: [] }] }))}>
            <Plus aria-hidden="true" />
            Add a medicine
          </Button>
        )}
      </Section>

      <Section title="Daily life">
        <FormField label="Walks and exercise" error={errors.walks}>
          {(control) => <Textarea {...control} rows={2} {...text('walks', sheet.walks, (s, v) => ({ ...s, walks: v }))} placeholder="Two walks a day, 30 minutes each" />}
        </FormField>
        <FormField label="Habits and fears" error={errors.habits}>
          {(control) => <Textarea {...control} rows={3} {...text('habits', sheet.habits, (s, v) => ({ ...s, habits: v }))} placeholder="Scared of fireworks; hides under the bed" />}
        </FormField>
        <FormField label="House training" error={errors.house_training}>
          {(control) => <Textarea {...control} rows={2} {...text('house_training', sheet.house_training, (s, v) => ({ ...s, house_training: v }))} placeholder="Fully trained; asks at the door" />}
        </FormField>
      </Section>

      <Section title={`${pet.name}'s vet`}>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Vet's name" error={errors['vet.name']}>
            {(control) => <Input {...control} autoComplete="off" {...text('vet.name', sheet.vet.name, (s, v) => ({ ...s, vet: { ...s.vet, name: v } }))} />}
          </FormField>
          <FormField label="Clinic" error={errors['vet.clinic']}>
            {(control) => <Input {...control} autoComplete="off" {...text('vet.clinic', sheet.vet.clinic, (s, v) => ({ ...s, vet: { ...s.vet, clinic: v } }))} />}
          </FormField>
          <FormField label="Vet's phone" error={errors['vet.phone']}>
            {(control) => <Input {...control} type="tel" autoComplete="off" inputMode="tel" {...text('vet.phone', sheet.vet.phone, (s, v) => ({ ...s, vet: { ...s.vet, phone: v } }))} />}
          </FormField>
        </div>
      </Section>

      <Section title="Emergency contact">
        <p className="-mt-1 text-sm text-stone-600">Someone other than you, whom your host can call if they cannot reach you.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Contact's name" error={errors['emergency_contact.name']}>
            {(control) => <Input {...control} autoComplete="off" {...text('emergency_contact.name', sheet.emergency_contact.name, (s, v) => ({ ...s, emergency_contact: { ...s.emergency_contact, name: v } }))} />}
          </FormField>
          <FormField label="Contact's phone" error={errors['emergency_contact.phone']}>
            {(control) => (
              <Input {...control} type="tel" autoComplete="off" inputMode="tel" {...text('emergency_contact.phone', sheet.emergency_contact.phone, (s, v) => ({ ...s, emergency_contact: { ...s.emergency_contact, phone: v } }))} />
            )}
          </FormField>
        </div>
      </Section>

      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        Save care sheet
      </Button>
    </form>
  );
}
