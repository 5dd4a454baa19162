import { useId, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { inPageLanguage } from '@/web/i18n/known-words';
import { cn } from '@/web/lib/cn';
import { Label } from './label';

/** Props a form control needs to be labelled and to announce its hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

export type FormFieldProps = {
  label: ReactNode;
  /** The validation message shown under the control, word for word from the schema (in the page's language). */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Render the control with the given props spread on it. */
  children: (control: FieldControlProps) => ReactNode;
};

export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/**
 * A field's validation message, for controls that lay out their own label (a fieldset's legend).
 * A schema's message arrives in English and is shown in the page's language.
 */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{typeof children === 'string' ? inPageLanguage(i18n, children) : children}</span>
    </p>
  );
}
