import { MEET_REQUIRED_LABEL } from '@/domain/stays/meet-labels';
import { useId, type ReactNode } from 'react';
import { Cat, Dog, Plus, Trash2 } from 'lucide-react';
import {
  HOST_PET_KIND_LABELS,
  HOST_PET_KINDS,
  type HostPet,
  type HostPetKind,
  HOUSE_RULE_LABELS,
  HOUSE_RULES,
  type HouseRule,
  PET_POLICY_LIMITS,
  PET_TYPE_LABELS,
} from '@/domain/pet-policy-labels';
import { PET_TYPES, type PetType } from '@/domain/pet-types';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';
import { cn } from '@/web/lib/cn';

// The listing form's pet policy (PRODUCT.md section 9, domain/pet-policy.ts): the pets a home
// takes, whether their vaccinations must be current, its house rules and the host's own pets.
// Each field is controlled by the form (web/lib/form.ts) and shows the schema's message.

const TYPE_ICONS: Record<PetType, typeof Dog> = { dog: Dog, cat: Cat };

/** A fieldset with a legend, a hint and the field's error, described by whichever is shown. */
function Group({ legend, hint, error, children, className }: { legend: string; hint?: ReactNode; error?: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-2.5', className)} aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}>
      <legend className="mb-2.5 text-sm font-semibold text-stone-800">{legend}</legend>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

/** A checkbox in a card-like row, the way the cancellation policy's radios look. */
function CheckRow({ checked, onChange, invalid, children }: { checked: boolean; onChange: (checked: boolean) => void; invalid?: boolean; children: ReactNode }) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border px-4 py-2.5 text-[0.9375rem] text-stone-900 transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600',
        checked ? 'border-primary-600 bg-primary-50' : invalid ? 'border-red-700' : 'border-stone-300 hover:border-stone-400',
      )}
    >
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-invalid={invalid || undefined} className="size-4 shrink-0 accent-primary-600" />
      {children}
    </label>
  );
}

/** Dogs, cats or both: at least one. */
export function PetTypesField({ value, onChange, error }: { value: readonly PetType[]; onChange: (types: PetType[]) => void; error?: string }) {
  return (
    <Group legend="Pets accepted" error={error}>
      <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
        {PET_TYPES.map((type) => {
          const Icon = TYPE_ICONS[type];
          const on = value.includes(type);
          return (
            <CheckRow key={type} checked={on} invalid={Boolean(error)} onChange={(checked) => onChange(checked ? [...value, type] : value.filter((t) => t !== type))}>
              <Icon className="size-5 shrink-0 text-stone-600" aria-hidden="true" />
              <span className="font-semibold">{PET_TYPE_LABELS[type]}</span>
            </CheckRow>
          );
        })}
      </div>
    </Group>
  );
}

/** A yes-or-no setting of the listing: its label and what it means, with a switch. */
function SwitchSetting({ label, hint, value, onChange, error }: { label: string; hint: string; value: boolean; onChange: (on: boolean) => void; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={id} className="text-sm font-semibold text-stone-800">
            {label}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-sm leading-relaxed text-stone-600">
            {hint}
          </p>
        </div>
        <Switch id={id} checked={value} onCheckedChange={onChange} aria-describedby={`${id}-hint`} className="mt-0.5" />
      </div>
      {error && <FieldError>{error}</FieldError>}
    </div>
  );
}

/** Whether guests' pets must have rabies and the core vaccine current on the stay's first day. */
export function VaccinationsField(props: { value: boolean; onChange: (required: boolean) => void; error?: string }) {
  return (
    <SwitchSetting
      label="Vaccinations required"
      hint="Guests' pets need rabies and the core vaccine (DHPPi for dogs, FVRCP for cats), current on the stay's first day. You can open their certificates with each request."
      {...props}
    />
  );
}

/** Whether a first-time guest's request waits for a meet & greet the host marks Met (domain/stays/meet.ts). */
export function MeetRequiredField(props: { value: boolean; onChange: (required: boolean) => void; error?: string }) {
  return (
    <SwitchSetting
      label={MEET_REQUIRED_LABEL}
      hint="You can accept a new guest's request once you have met them and their pet, at your home or by video, and marked the meet & greet Met. Guests who have stayed with you before need no meet."
      {...props}
    />
  );
}

/** The house rules from the list; the host's own words go in the textarea the form places after. */
export function HouseRulesField({ value, onChange, error }: { value: readonly HouseRule[]; onChange: (rules: HouseRule[]) => void; error?: string }) {
  return (
    <Group legend="House rules" error={error}>
      <div className="grid gap-2.5 sm:grid-cols-2">
        {HOUSE_RULES.map((rule) => (
          <CheckRow key={rule} checked={value.includes(rule)} onChange={(checked) => onChange(checked ? [...value, rule] : value.filter((r) => r !== rule))}>
            {HOUSE_RULE_LABELS[rule]}
          </CheckRow>
        ))}
      </div>
    </Group>
  );
}

/** A line the schema would refuse: blank, or too long. */
const badLine = (line: string) => line.trim() === '' || line.trim().length > PET_POLICY_LIMITS.hostPetLine;

/** The host's own pets, a kind and a line each: up to five rows, added and removed. */
export function HostPetsField({ value, onChange, error }: { value: readonly HostPet[]; onChange: (pets: HostPet[]) => void; error?: string }) {
  const id = useId();
  const max = PET_POLICY_LIMITS.hostPets;
  const set = (index: number, pet: Partial<HostPet>) => onChange(value.map((p, i) => (i === index ? { ...p, ...pet } : p)));
  const add = () => {
    onChange([...value, { kind: 'dog', line: '' }]);
    // The new row's line, once it is there.
    requestAnimationFrame(() => document.getElementById(`${id}-line-${value.length}`)?.focus());
  };
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    // Focus stays in the list: on the row that took this one's place, else on Add.
    requestAnimationFrame(() => (document.getElementById(`${id}-line-${Math.min(index, value.length - 2)}`) ?? document.getElementById(`${id}-add`))?.focus());
  };

  return (
    <Group
      legend="Your own pets"
      error={error}
      hint={value.length === 0 ? 'Guests like to know who their pet will meet. Leave this empty if no pets live with you.' : `${value.length} of ${max}`}
    >
      {value.length > 0 && (
        <ul className="flex flex-col gap-3">
          {value.map((pet, index) => {
            const n = index + 1;
            const invalid = Boolean(error) && badLine(pet.line);
            return (
              <li key={index} className="flex flex-wrap items-start gap-2.5 rounded-2xl border border-stone-200 p-3 sm:flex-nowrap sm:rounded-none sm:border-0 sm:p-0">
                <label htmlFor={`${id}-kind-${index}`} className="sr-only">
                  Your pet {n}: kind
                </label>
                <div className="w-36 shrink-0">
                  <Select id={`${id}-kind-${index}`} value={pet.kind} onChange={(e) => set(index, { kind: e.target.value as HostPetKind })}>
                    {HOST_PET_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {HOST_PET_KIND_LABELS[kind]}
                      </option>
                    ))}
                  </Select>
                </div>
                <label htmlFor={`${id}-line-${index}`} className="sr-only">
                  Your pet {n}: in a line
                </label>
                <Input
                  id={`${id}-line-${index}`}
                  value={pet.line}
                  onChange={(e) => set(index, { line: e.target.value })}
                  maxLength={PET_POLICY_LIMITS.hostPetLine + 20}
                  placeholder="e.g. Simba, a calm old Labrador"
                  autoComplete="off"
                  aria-invalid={invalid || undefined}
                  className="order-last min-w-0 grow basis-full sm:order-none sm:basis-0"
                />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  onClick={() => remove(index)}
                  aria-label={`Remove your pet ${n}${pet.line.trim() ? `: ${pet.line.trim()}` : ''}`}
                  className="ml-auto size-12 sm:ml-0"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button id={`${id}-add`} type="button" variant="outline" onClick={add} disabled={value.length >= max} className="h-12">
          <Plus aria-hidden="true" />
          {value.length === 0 ? 'Add a pet of yours' : 'Add another'}
        </Button>
      </div>
    </Group>
  );
}
