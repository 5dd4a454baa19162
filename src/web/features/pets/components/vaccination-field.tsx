import { ExternalLink, FileCheck2, FilePlus2, FileText, RotateCcw } from 'lucide-react';
import { useId, useRef, type ComponentProps } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PetVaccination } from '@/domain/contracts/pet';
import { type IsoDate, isIsoDate } from '@/domain/dates';
import { formatDate } from '@/web/i18n/times';
import { DOCUMENT_FILE_MAX_BYTES } from '@/domain/document-files';
import { certificatePath, type Vaccine } from '@/domain/pet-profile';
import { Button } from '@/web/components/ui/button';
import { FieldError, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { type FileChange } from '../api';
import { VaccinationBadge } from './vaccination-state';
import { HiddenFileInput } from './hidden-file-input';
import { SentWhenSaved } from './pet-photo-field';

// One vaccination in the pet form: the date of the last dose, when it is due again, and its
// certificate (optional, private: the owner and the hosts they send a request to open it).

const ACCEPTED = ['image/jpeg', 'image/png', 'application/pdf'];
const MAX_MB = DOCUMENT_FILE_MAX_BYTES / (1024 * 1024);

export function certificateProblem(file: File, i18n: I18n): string | undefined {
  const name = file.name;
  if (!ACCEPTED.includes(file.type)) return i18n._(msg`${name} is not a JPEG, PNG or PDF`);
  if (file.size > DOCUMENT_FILE_MAX_BYTES) return i18n._(msg`${name} is larger than ${MAX_MB} MB`);
  if (file.size === 0) return i18n._(msg`${name} is empty`);
  return undefined;
}

type DateProps = Pick<ComponentProps<'input'>, 'name' | 'defaultValue' | 'onChange'> & { ref: (element: HTMLInputElement | null) => void };

export function VaccinationField({
  vaccine,
  label,
  petId,
  saved,
  givenOn,
  dateProps,
  dateError,
  min,
  today,
  change,
  onChange,
  fileError,
  onFileError,
  disabled,
}: {
  vaccine: Vaccine;
  /** "Rabies", "DHPPi", "FVRCP". */
  label: string;
  /** The saved pet's id (its certificate's address); undefined for a pet not yet saved. */
  petId?: string;
  /** The vaccination as it is stored. */
  saved: PetVaccination | null;
  /** The date in the field now: '' or yyyy-MM-dd. */
  givenOn: string;
  dateProps: DateProps;
  dateError?: string;
  min?: string;
  today: IsoDate;
  change: FileChange;
  onChange: (change: FileChange) => void;
  fileError?: string;
  onFileError: (message: string | undefined) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { i18n } = useLingui();
  const dated = isIsoDate(givenOn) && givenOn <= today;
  // The stored certificate belongs to the stored dose: a new date leaves it behind.
  const onFile = Boolean(saved?.has_certificate && petId);
  const sameDose = saved?.given_on === givenOn;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = certificateProblem(file, i18n);
    onFileError(problem);
    if (!problem) onChange({ kind: 'new', file });
  };
  const pick = () => inputRef.current?.click();

  let certificate: React.ReactNode;
  if (!dated) {
    certificate = (
      <p className="text-sm text-stone-600">
        <Trans>Give the date to add its certificate.</Trans>
      </p>
    );
  } else if (change.kind === 'new') {
    certificate = (
      <CertificateRow icon={<FileText aria-hidden="true" />} text={<SentWhenSaved name={change.file.name} />}>
        <Button variant="ghost" size="sm" disabled={disabled} onClick={pick}>
          <Trans>
            Replace<span className="sr-only"> the chosen {label} certificate</span>
          </Trans>
        </Button>
        <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(onFile && sameDose ? { kind: 'remove' } : { kind: 'keep' })}>
          <Trans>
            Remove<span className="sr-only"> the chosen {label} certificate</span>
          </Trans>
        </Button>
      </CertificateRow>
    );
  } else if (onFile && sameDose && change.kind === 'keep') {
    certificate = (
      <CertificateRow icon={<FileCheck2 className="text-emerald-700" aria-hidden="true" />} text={<Trans>Certificate on file</Trans>}>
        <a
          href={certificatePath(petId!, vaccine)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-9 items-center gap-1 rounded-full px-4 text-sm font-semibold text-primary-700 underline-offset-4 hover:bg-primary-50 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          <Trans>
            View<span className="sr-only"> the {label} certificate (opens in a new tab)</span>
          </Trans>
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
        <Button variant="ghost" size="sm" disabled={disabled} onClick={pick}>
          <Trans>
            Replace<span className="sr-only"> the {label} certificate</span>
          </Trans>
        </Button>
        <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange({ kind: 'remove' })}>
          <Trans>
            Remove<span className="sr-only"> the {label} certificate</span>
          </Trans>
        </Button>
      </CertificateRow>
    );
  } else if (change.kind === 'remove' && sameDose) {
    certificate = (
      <CertificateRow icon={<FileText className="text-stone-500" aria-hidden="true" />} text={<Trans>The certificate is removed when you save</Trans>}>
        <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange({ kind: 'keep' })}>
          <RotateCcw aria-hidden="true" />
          <Trans>Keep it</Trans>
        </Button>
      </CertificateRow>
    );
  } else {
    certificate = (
      <div className="flex flex-col gap-1.5">
        {onFile && !sameDose && saved && (
          <p className="text-sm text-amber-900">
            <DoseCertificateRemoved givenOn={formatDate(saved.given_on, i18n)} />
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button variant="outline" size="sm" disabled={disabled} onClick={pick} aria-describedby={`${id}-certificate-hint`}>
            <FilePlus2 aria-hidden="true" />
            <Trans>
              Add certificate<span className="sr-only"> for {label}</span>
            </Trans>
          </Button>
          <span id={`${id}-certificate-hint`} className="text-sm text-stone-600">
            <Trans>JPEG, PNG or PDF, up to {MAX_MB} MB</Trans>
          </span>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200" data-testid={`vaccination-field-${vaccine}`}>
      <FormField label={<Trans>{label} given on</Trans>} error={dateError}>
        {(control) => (
          <>
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], dated ? `${id}-state` : undefined].filter(Boolean).join(' ') || undefined}
              type="date"
              min={min}
              max={today}
              {...dateProps}
            />
            {dated && (
              <p>
                <VaccinationBadge id={`${id}-state`} givenOn={givenOn} today={today} wording="form" />
              </p>
            )}
          </>
        )}
      </FormField>
      {certificate}
      {fileError && <FieldError>{fileError}</FieldError>}
      <HiddenFileInput ref={inputRef} accept={ACCEPTED} testId={`certificate-input-${vaccine}`} onFile={choose} />
    </div>
  );
}

function CertificateRow({ icon, text, children }: { icon: React.ReactNode; text: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="inline-flex min-w-0 items-start gap-1.5 text-sm font-medium text-stone-800 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
        {icon}
        <span className="min-w-0 [overflow-wrap:anywhere]" aria-live="polite">
          {text}
        </span>
      </span>
      {/* The ghost buttons' padding hangs into the margin: their words line up with the text above. */}
      <span className="-ml-4 flex flex-wrap items-center">{children}</span>
    </div>
  );
}

/** "The certificate of the dose of 26 Nov 2025 is removed when you save the new date." */
function DoseCertificateRemoved({ givenOn }: { givenOn: string }) {
  return <Trans>The certificate of the dose of {givenOn} is removed when you save the new date.</Trans>;
}
