import { Cat, Dog, ImagePlus, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LISTING_LIMITS } from '@/domain/listing-limits';
import type { PetType } from '@/domain/pet-types';
import { photoVariant } from '@/domain/photos';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/form-field';
import type { FileChange } from '../api';
import { HiddenFileInput } from './hidden-file-input';
import { verbatim } from '@/web/i18n/verbatim';

// The pet's photo in its form: choose one, see it, replace or remove it. Nothing is sent until the
// pet is saved (the upload needs its id); the server resizes it like a listing's photos.

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_MB = LISTING_LIMITS.photos.maxBytes / (1024 * 1024);

/** Why a chosen file cannot be the photo, or undefined when it can. */
export function photoProblem(file: File, i18n: I18n): string | undefined {
  const name = file.name;
  if (!ACCEPTED.includes(file.type)) return i18n._(msg`${name} is not a JPEG, PNG or WebP photo`);
  if (file.size > LISTING_LIMITS.photos.maxBytes) return i18n._(msg`${name} is larger than ${MAX_MB} MB`);
  if (file.size === 0) return i18n._(msg`${name} is empty`);
  return undefined;
}

export function PetPhotoField({
  savedUrl,
  change,
  onChange,
  error,
  onError,
  type,
  disabled,
}: {
  /** The photo stored now (its large variant), if any. */
  savedUrl: string | null;
  change: FileChange;
  onChange: (change: FileChange) => void;
  error?: string;
  onError: (message: string | undefined) => void;
  type: PetType;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [preview, setPreview] = useState<string>();
  const { t, i18n } = useLingui();

  // A chosen file is shown from an object URL, let go when another is chosen or the form closes.
  const file = change.kind === 'new' ? change.file : undefined;
  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = change.kind === 'new' ? preview : change.kind === 'keep' && savedUrl ? photoVariant(savedUrl, 'card') : undefined;
  const has = change.kind === 'new' || (change.kind === 'keep' && Boolean(savedUrl));
  const Icon = type === 'cat' ? Cat : Dog;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = photoProblem(chosen, i18n);
    onError(problem);
    if (!problem) onChange({ kind: 'new', file: chosen });
  };

  return (
    <div className="flex items-center gap-4 sm:gap-5" role="group" aria-labelledby={`${id}-label`}>
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-primary-50 to-sand-100 ring-1 ring-stone-900/5 sm:size-28">
        {shown ? (
          <img src={shown} alt={change.kind === 'new' ? t`The chosen photo` : t`The current photo`} className="size-full object-cover" />
        ) : (
          <Icon className="size-9 text-primary-700/70" strokeWidth={1.5} aria-hidden="true" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <span id={`${id}-label`} className="text-sm font-semibold text-stone-800">
          <Trans>
            Photo <span className="font-normal text-stone-600">(optional)</span>
          </Trans>
        </span>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled} aria-describedby={`${id}-hint`}>
            <ImagePlus aria-hidden="true" />
            {has ? (
              <Trans>
                Replace<span className="sr-only"> photo</span>
              </Trans>
            ) : (
              <Trans>Choose photo</Trans>
            )}
          </Button>
          {has && (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(savedUrl ? { kind: 'remove' } : { kind: 'keep' })}>
              <Trans>
                Remove<span className="sr-only"> photo</span>
              </Trans>
            </Button>
          )}
          {change.kind === 'remove' && (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange({ kind: 'keep' })}>
              <RotateCcw aria-hidden="true" />
              <Trans>Keep the photo</Trans>
            </Button>
          )}
        </div>
        <p id={`${id}-hint`} className="text-sm text-stone-600" aria-live="polite">
          {change.kind === 'new' ? <SentWhenSaved name={change.file.name} /> : change.kind === 'remove' ? <Trans>Removed when you save</Trans> : <Trans>JPEG, PNG or WebP, up to {MAX_MB} MB</Trans>}
        </p>
        {error && <FieldError>{error}</FieldError>}
      </div>
      <HiddenFileInput ref={inputRef} accept={ACCEPTED} testId="pet-photo-input" onFile={choose} />
    </div>
  );
}

/** "bruno.jpg: sent when you save", the file's name as it is. */
export function SentWhenSaved({ name }: { name: string }) {
  const file = verbatim(name);
  return <Trans>{file}: sent when you save</Trans>;
}
