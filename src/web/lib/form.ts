import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { toast } from './toast';

// The app's form state (decision 015): the values, the errors and the submit, validated by the
// same zod schema as the server's, which is loaded on the first validation rather than with the
// page. Text fields are uncontrolled (the browser keeps what is typed, and what was typed before
// the app ran is adopted); their values are also the form's state, so the form renders again as
// they change, which its counters and its map's pin use.

/** One message per field, the schema's first for it, word for word. */
export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

/** Checks a form's values: its output, or the errors; undefined when it could not check at all. */
export type Validate<V, O> = (values: V) => Promise<{ output: O } | { errors: FormErrors<V> } | undefined>;

type TextKey<V> = { [K in keyof V & string]-?: NonNullable<V[K]> extends string ? K : never }[keyof V & string];

const CANNOT_CHECK = 'This form could not be checked. Please check your connection and try again.';

/** Each field's first message from a zod error's issues (a nested path counts for its top field). */
export function errorsFromIssues<V>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors<V> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'root';
    errors[field] ??= issue.message;
  }
  return errors as FormErrors<V>;
}

/**
 * A validator from a zod schema loaded on first use (it and zod are about 38 KB gzip, which a
 * form's first view does not need). `prepare` turns the form's text into the schema's input. If
 * the code cannot be loaded (a deploy, the network), the form says so and the next try loads again.
 */
export function schemaValidator<V, O>(load: () => Promise<ZodType<O>>, prepare: (values: V) => unknown = (v) => v): Validate<V, O> {
  let loading: Promise<ZodType<O>> | undefined;
  return async (values) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    let schema: ZodType<O>;
    try {
      schema = await loading;
    } catch {
      toast.error(CANNOT_CHECK);
      return undefined;
    }
    const result = await schema.safeParseAsync(prepare(values));
    return result.success ? { output: result.data } : { errors: errorsFromIssues<V>(result.error.issues) };
  };
}

type TextElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A form over `defaultValues`, checked by `validate` when it is submitted and, once it has been,
 * field by field as they change (the way react-hook-form did here before). Its functions keep
 * their identity from render to render, so effects can depend on them.
 */
export function useSchemaForm<V extends Record<string, unknown>, O>(options: { defaultValues: V; validate: Validate<V, O> }) {
  const [values, setValues] = useState(options.defaultValues);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  const [actions] = useState(() => formActions(options, { setValues, setErrors, setSubmitting, setSubmitted }));
  return { values, errors, isSubmitting, isSubmitted, ...actions };
}

export type Setters<V> = {
  setValues: (values: V) => void;
  setErrors: (update: (old: FormErrors<V>) => FormErrors<V>) => void;
  setSubmitting: (on: boolean) => void;
  setSubmitted: (on: boolean) => void;
};

/** The form's functions over its state's setters (apart from the hook for its tests). */
export function formActions<V extends Record<string, unknown>, O>(
  { defaultValues, validate }: { defaultValues: V; validate: Validate<V, O> },
  { setValues, setErrors, setSubmitting, setSubmitted }: Setters<V>,
) {
  // The latest values and flags, for handlers that outlive a render (a submit awaiting the server).
  const current = { values: defaultValues, isSubmitted: false };
  const elements = new Map<string, TextElement>();

  const write = (next: V) => {
    current.values = next;
    setValues(next);
  };

  /** Re-checks `names` alone (after a submit, as they change), leaving the other fields' errors. */
  const recheck = async (names: (keyof V & string)[]) => {
    const result = await validate(current.values);
    if (!result) return;
    const found: FormErrors<V> = 'errors' in result ? result.errors : {};
    setErrors((old) => {
      const next = { ...old };
      for (const name of names) {
        if (found[name]) next[name] = found[name];
        else delete next[name];
      }
      return next;
    });
  };

  const change = <K extends keyof V & string>(name: K, value: V[K], check = current.isSubmitted) => {
    write({ ...current.values, [name]: value });
    if (check) void recheck([name]);
  };

  // One ref and one change handler per field, kept across renders: a new ref callback on every
  // render would detach and attach every field's element on every key.
  type Bound = { ref: (element: TextElement | null) => void; onChange: (event: ChangeEvent<TextElement>) => void; extra?: () => void };
  const bound = new Map<string, Bound>();

  /** Props for a text input, textarea or select bound to the text field `name`. */
  const register = <K extends TextKey<V>>(name: K, options?: { onChange?: () => void }) => {
    let field = bound.get(name);
    if (!field) {
      const made: Bound = {
        ref: (element) => {
          if (!element) {
            elements.delete(name);
            return;
          }
          elements.set(name, element);
          // Typed into the server's page before the app ran: keep it.
          if (element.value !== (current.values[name] ?? '')) change(name, element.value as V[K], false);
        },
        onChange: (event) => {
          change(name, event.target.value as V[K]);
          made.extra?.();
        },
      };
      field = made;
      bound.set(name, field);
    }
    field.extra = options?.onChange;
    return { name, defaultValue: (current.values[name] ?? '') as string, ref: field.ref, onChange: field.onChange };
  };

  /** Sets a field as if the visitor had (the map's pin setting the coordinates). */
  const setValue = <K extends keyof V & string>(name: K, value: V[K]) => {
    const element = elements.get(name);
    if (element) element.value = String(value);
    change(name, value);
  };

  const setError = (name: keyof V & string, message: string) => setErrors((old) => ({ ...old, [name]: message }));

  /** Back to `next` (or the defaults), with no errors, as if never submitted. */
  const reset = (next: V = defaultValues) => {
    for (const [name, element] of elements) element.value = String(next[name] ?? '');
    write(next);
    setErrors(() => ({}));
    current.isSubmitted = false;
    setSubmitted(false);
  };

  /** The submit handler: checks everything, then `onValid` with the schema's output, or `onInvalid`. */
  const handleSubmit =
    (onValid: (output: O) => unknown, onInvalid?: (errors: FormErrors<V>) => void) => async (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitting(true);
      try {
        const result = await validate(current.values);
        current.isSubmitted = true;
        setSubmitted(true);
        if (!result) return;
        if ('errors' in result) {
          setErrors(() => result.errors);
          focusFirst(elements, result.errors);
          onInvalid?.(result.errors);
          return;
        }
        setErrors(() => ({}));
        await onValid(result.output);
      } finally {
        setSubmitting(false);
      }
    };

  return { register, setValue, setError, reset, handleSubmit, getValues: () => current.values };
}

export type SchemaForm<V extends Record<string, unknown>, O> = ReturnType<typeof useSchemaForm<V, O>>;

/** Focuses the first field on the page, top to bottom, that has an error. */
function focusFirst(elements: Map<string, TextElement>, errors: Record<string, unknown>) {
  const invalid = [...elements].filter(([name]) => errors[name]).map(([, element]) => element);
  invalid.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  invalid[0]?.focus();
}
