import { z } from 'zod';
import type { IsoDate } from '../dates';
import { splitGst, type StaySettlement } from './settlement';
import { gstStateCode, gstStateName } from './tax-rates';

// The guest's GST documents for a paid stay (PRODUCT.md section 7, issue 22): a tax invoice when
// it is paid and a credit note when a refund gives part of it back. Their figures are the stay's
// settlement (settlement.ts), so the invoice, the ledger and the host's statement cannot disagree.
// - The supplier of the stay is its host; when the host is not GST-registered the operator pays
//   the GST under section 9(5) of the CGST Act, and says so on the document.
// - The place of supply of accommodation is where the home is (section 12(3) of the IGST Act):
//   CGST + SGST when the supplier is registered in that state, IGST otherwise (splitGst).
// - SAC 996311: room or unit accommodation services.
// - Numbers run in one unbroken series per kind and financial year, of at most 16 characters
//   (rule 46(b) of the CGST Rules): "PS/26-27/000001" for invoices, "CN/26-27/000001" for credit
//   notes, a million of each a year. Test mode's documents, which are no tax documents, run in
//   series of their own, "TEST-PS/26-27/000001" and "TEST-CN/26-27/000001" (decision 040).

export const SAC_ACCOMMODATION = '996311';

/** Who issues the documents, as the electronic commerce operator. */
export const OPERATOR_NAME = 'PawStay';

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

const PREFIX: Record<TaxDocumentKind, string> = { invoice: 'PS', credit_note: 'CN' };

/**
 * "PS/26-27/000001": the kind's prefix, the financial year ("2026-27") in short, the number in its
 * series; "TEST-PS/26-27/000001" in test mode's series.
 */
export function documentNumber(kind: TaxDocumentKind, year: string, seq: number, testMode: boolean): string {
  if (!Number.isSafeInteger(seq) || seq < 1 || seq > 999_999) throw new RangeError(`a document's number runs from 1 to 999999, got ${seq}`);
  return `${testMode ? 'TEST-' : ''}${PREFIX[kind]}/${year.slice(2)}/${String(seq).padStart(6, '0')}`;
}

export const taxDocumentContentSchema = z.object({
  title: z.enum(['Tax invoice', 'Credit note']),
  supplier: z.object({ name: z.string(), gstin: z.string().nullable(), state: z.string() }),
  /**
   * The electronic commerce operator, liable for the GST when the supplier is not registered, with
   * its GSTIN (OPERATOR_GSTIN) as it was when the document was issued.
   */
  operator: z.object({ name: z.string(), gstin: z.string().nullable(), liable: z.boolean() }),
  /** The guest, by name only: the host reads the document too, and a guest's e-mail is theirs. */
  recipient: z.object({ name: z.string() }),
  place_of_supply: z.object({ state: z.string(), code: z.string().nullable() }),
  stay: z.object({ listing_title: z.string(), city: z.string(), start_date: z.string(), end_date: z.string(), nights: z.number().int() }),
  /** A credit note's invoice. */
  against: z.object({ number: z.string(), issued_on: z.string() }).nullable(),
  sac: z.string(),
  gst_rate_percent: z.number(),
  taxable_paise: z.number().int(),
  cgst_paise: z.number().int(),
  sgst_paise: z.number().int(),
  igst_paise: z.number().int(),
  total_paise: z.number().int(),
});

export type TaxDocumentContent = z.infer<typeof taxDocumentContentSchema>;

/** What a document is about, other than its figures: the parties and the stay, as they are when it is issued. */
export type TaxDocumentParties = {
  host: { name: string; gstin: string | null };
  operator: { name: string; gstin: string | null };
  guest: { name: string };
  home: { state: string; city: string; listing_title: string };
  /** The stay's GST slab, as it was priced (pricing.ts bookingGstPercent). */
  stay: { start_date: IsoDate; end_date: IsoDate; nights: number; gst_rate_percent: number };
};

/** The figures of a document: a value and its GST, split by the supplier's state and the place of supply. */
function figures(taxable: number, gst: number, rate: number, placeState: string, supplierGstin: string | null) {
  const split = splitGst(gst, placeState, supplierGstin);
  return {
    sac: SAC_ACCOMMODATION,
    gst_rate_percent: rate,
    taxable_paise: taxable,
    ...split,
    total_paise: taxable + gst,
  };
}

/** The invoice of a paid stay: its value and GST as the guest paid them. */
export function invoiceContent(p: TaxDocumentParties, paid: StaySettlement): TaxDocumentContent {
  const registered = p.host.gstin !== null;
  return {
    title: 'Tax invoice',
    // A registered host's state is its GSTIN's; an unregistered one supplies where the home is.
    supplier: { name: p.host.name, gstin: p.host.gstin, state: (registered && gstStateName(p.host.gstin!.slice(0, 2))) || p.home.state },
    operator: { name: p.operator.name, gstin: p.operator.gstin, liable: !registered },
    recipient: { name: p.guest.name },
    place_of_supply: { state: p.home.state, code: gstStateCode(p.home.state) ?? null },
    stay: { listing_title: p.home.listing_title, city: p.home.city, start_date: p.stay.start_date, end_date: p.stay.end_date, nights: p.stay.nights },
    against: null,
    ...figures(paid.stay_paise, paid.stay_gst_paise, p.stay.gst_rate_percent, p.home.state, p.host.gstin),
  };
}

/**
 * The credit note of a refund, against the stay's invoice: the same parties, and the value and GST
 * the refund gave back (the settlement before it less the one after).
 */
export function creditNoteContent(
  invoice: TaxDocumentContent,
  invoiceRef: { number: string; issued_on: string },
  before: StaySettlement,
  after: StaySettlement,
): TaxDocumentContent {
  return {
    ...invoice,
    title: 'Credit note',
    against: invoiceRef,
    // The invoice's own rate, as it was issued, not the slab read again: a credit note states the
    // rate of the invoice it corrects, whatever the slabs have become since.
    ...figures(before.stay_paise - after.stay_paise, before.stay_gst_paise - after.stay_gst_paise, invoice.gst_rate_percent, invoice.place_of_supply.state, invoice.supplier.gstin),
  };
}
