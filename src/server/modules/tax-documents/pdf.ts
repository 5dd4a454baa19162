import { formatDocumentDate } from '../../../domain/dates';
import { formatPaise } from '../../../domain/money/units';
import type { TaxDocumentContent } from '../../../domain/money/tax-invoice';
import { type PdfBlock, renderPdf, TEST_MODE_MARK } from '../../pdf/simple-pdf';
import type { TaxDocumentRow } from './queries';

// A tax invoice or credit note as the guest downloads it: what rule 46 (invoices) and rule 53
// (credit notes) of the CGST Rules ask to be on it, from the document as it was issued. One issued
// in test mode is titled a test document and marked on every page (decision 040).

const TEST_TITLE = { invoice: 'Test invoice', credit_note: 'Test credit note' } as const;

/** The document's title: "Tax invoice", "Credit note", or in test mode "Test invoice", "Test credit note". */
const titleOf = (doc: TaxDocumentRow) => (doc.test_mode ? TEST_TITLE[doc.kind] : doc.content.title);

const rate = (percent: number) => `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;

/** The GST lines of the document: CGST and SGST in halves within the state, IGST across states. */
function gstLines(c: TaxDocumentContent): [string, string][] {
  if (c.igst_paise > 0 || (c.cgst_paise === 0 && c.sgst_paise === 0)) return [[`IGST @ ${rate(c.gst_rate_percent)}`, formatPaise(c.igst_paise)]];
  const half = rate(c.gst_rate_percent / 2);
  return [
    [`CGST @ ${half}`, formatPaise(c.cgst_paise)],
    [`SGST @ ${half}`, formatPaise(c.sgst_paise)],
  ];
}

export function taxDocumentBlocks(doc: TaxDocumentRow): PdfBlock[] {
  const c = doc.content;
  const s = c.stay;
  const nights = `${s.nights} ${s.nights === 1 ? 'night' : 'nights'}`;
  const place = c.place_of_supply.code ? `${c.place_of_supply.state} (${c.place_of_supply.code})` : c.place_of_supply.state;
  return [
    { kind: 'heading', text: titleOf(doc) },
    {
      kind: 'pairs',
      rows: [
        [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
        ['Date of issue', formatDocumentDate(doc.issued_on)],
        ...(c.against ? [['Against invoice', `${c.against.number} of ${formatDocumentDate(c.against.issued_on)}`] as [string, string]] : []),
        ['Place of supply', place],
      ],
    },
    { kind: 'gap' },
    { kind: 'text', text: 'Supplier (host)', bold: true },
    {
      kind: 'pairs',
      rows: [
        ['Name', c.supplier.name],
        ['GSTIN', c.supplier.gstin ?? 'Not registered for GST'],
        ['State', c.supplier.state],
      ],
    },
    ...(c.operator.liable
      ? [{
          kind: 'text' as const,
          muted: true,
          text: `The supplier is not registered for GST. The GST on this supply is paid by the electronic commerce operator, ${c.operator.name}${c.operator.gstin ? ` (GSTIN ${c.operator.gstin})` : ''}, under section 9(5) of the CGST Act, 2017.`,
        }]
      : []),
    { kind: 'gap' },
    { kind: 'text', text: 'Recipient (guest)', bold: true },
    { kind: 'pairs', rows: [['Name', c.recipient.name]] },
    { kind: 'gap' },
    {
      kind: 'table',
      columns: [
        { label: 'Description', width: 5 },
        { label: 'SAC', width: 1.2 },
        { label: 'Taxable value', width: 1.8, align: 'right' },
        { label: 'GST', width: 1.6, align: 'right' },
        { label: 'Total', width: 1.8, align: 'right' },
      ],
      rows: [[
        `${doc.kind === 'invoice' ? 'Accommodation' : 'Refund of accommodation'}: ${s.listing_title}, ${s.city}; ${formatDocumentDate(s.start_date)} to ${formatDocumentDate(s.end_date)} (${nights})`,
        c.sac,
        formatPaise(c.taxable_paise),
        formatPaise(c.total_paise - c.taxable_paise),
        formatPaise(c.total_paise),
      ]],
    },
    { kind: 'gap' },
    {
      kind: 'pairs',
      rows: [['Taxable value', formatPaise(c.taxable_paise)], ...gstLines(c), [doc.kind === 'invoice' ? 'Total paid' : 'Total refunded', formatPaise(c.total_paise)]],
    },
    { kind: 'gap' },
    {
      kind: 'text',
      muted: true,
      text: `Issued through ${c.operator.name}, the electronic commerce operator${c.operator.gstin ? ` (GSTIN ${c.operator.gstin})` : ''}, on behalf of the supplier. A computer-generated document: it needs no signature.`,
    },
  ];
}

/** The document as a PDF, dated its day of issue. */
export const taxDocumentPdf = (doc: TaxDocumentRow) =>
  renderPdf(`${titleOf(doc)} ${doc.number}`, new Date(`${doc.issued_on}T00:00:00+05:30`), taxDocumentBlocks(doc), doc.test_mode ? TEST_MODE_MARK : undefined);

/** "PawStay-invoice-PS-2026-27-00001.pdf": the slashes of its number would make folders. */
export const taxDocumentFileName = (doc: Pick<TaxDocumentRow, 'kind' | 'number'>) =>
  `PawStay-${doc.kind === 'invoice' ? 'invoice' : 'credit-note'}-${doc.number.replace(/\//g, '-')}.pdf`;
