import { useId } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FieldError } from '@/web/components/ui/form-field';
import { cn } from '@/web/lib/cn';
import type { Neutered } from './pet-form-values';

// Spayed or neutered: yes, no, or not said, as one row of three radio buttons.

const NEUTERED_OPTIONS: { value: Neutered; label: MessageDescriptor }[] = [
  { value: 'yes', label: msg`Yes` },
  { value: 'no', label: msg`No` },
  { value: '', label: msg`Not said` },
];

export function NeuteredField({ value, onChange, error }: { value: Neutered; onChange: (value: Neutered) => void; error?: string }) {
  const id = useId();
  const { i18n } = useLingui();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold text-stone-800">
        <Trans>Spayed/neutered</Trans>
      </legend>
      <div className="grid h-12 grid-cols-3 gap-1 rounded-xl bg-stone-100 p-1">
        {NEUTERED_OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex cursor-pointer items-center justify-center rounded-lg text-[0.9375rem] font-semibold text-stone-700 transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600',
              value === option.value ? 'bg-white text-stone-900 shadow-sm ring-1 ring-stone-900/5' : 'hover:text-stone-900',
            )}
          >
            <input type="radio" name={`${id}-neutered`} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0" />
            {i18n._(option.label)}
          </label>
        ))}
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
