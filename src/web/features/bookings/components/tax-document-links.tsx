import { FileText } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxDocumentSummary } from '@/domain/contracts/tax-document';

const WORDS = { invoice: msg`GST invoice`, credit_note: msg`Credit note` } as const;
/** Documents of money that went through the test gateway: no tax documents (decision 040). */
const TEST_WORDS = { invoice: msg`Test invoice`, credit_note: msg`Test credit note` } as const;

/** The stay's GST invoice and credit notes, each a PDF to download; test mode's named as test documents. */
export function TaxDocumentLinks({ documents }: { documents: readonly TaxDocumentSummary[] }) {
  const { t, i18n } = useLingui();
  if (documents.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label={t`Tax documents`}>
      {documents.map((d) => (
        <li key={d.id}>
          <a
            href={`/api/tax-documents/${d.id}`}
            download
            className="inline-flex min-h-6 items-center gap-1.5 font-medium text-primary-700 underline-offset-4 hover:underline focus-visible:underline"
          >
            <FileText className="size-4" aria-hidden="true" />
            {i18n._((d.test_mode ? TEST_WORDS : WORDS)[d.kind])} <span className="font-normal text-stone-600" translate="no">
              {d.number}
            </span>
            <span className="sr-only">
              {' '}
              <Trans>(PDF)</Trans>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
