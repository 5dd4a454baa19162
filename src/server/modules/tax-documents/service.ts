import type { IsoDate } from '../../../domain/dates';
import { financialYear, type StaySettlement } from '../../../domain/money/settlement';
import { creditNoteContent, documentNumber, invoiceContent, type TaxDocumentContent, type TaxDocumentKind, type TaxDocumentParties } from '../../../domain/money/tax-invoice';
import type { Db } from '../../db/client';
import { insertTaxDocument, selectInvoiceOfBooking, takeNextNumber } from './queries';

// Issuing the guest's GST documents (issue 22), each in the transaction of the money's movement
// that causes it: the invoice with the payment's capture, the credit note with the refund.

// A document for money that moved through the test gateway is a test document (decision 040):
// marked when it is issued, numbered in a test series, and so for ever after.

async function issue(tx: Db, kind: TaxDocumentKind, d: { bookingId: string; refundId: string | null; issuedOn: IsoDate; testMode: boolean; content: TaxDocumentContent }) {
  const year = financialYear(d.issuedOn);
  const seq = await takeNextNumber(tx, kind, year, d.testMode);
  const number = documentNumber(kind, year, seq, d.testMode);
  await insertTaxDocument(tx, { kind, number, year, seq, testMode: d.testMode, bookingId: d.bookingId, refundId: d.refundId, issuedOn: d.issuedOn, content: d.content });
  return number;
}

/**
 * The invoice of a stay paid on `issuedOn`, for what its settlement says the guest paid; a test
 * document when the payment went through the test gateway (`testMode`). Answers its number.
 */
export const issueInvoice = (tx: Db, d: { bookingId: string; issuedOn: IsoDate; testMode: boolean; parties: TaxDocumentParties; paid: StaySettlement }) =>
  issue(tx, 'invoice', { bookingId: d.bookingId, refundId: null, issuedOn: d.issuedOn, testMode: d.testMode, content: invoiceContent(d.parties, d.paid) });

/**
 * The credit note of a refund that moved the stay's settlement from `before` to `after`, against
 * its invoice, and a test document as its invoice is. None for a stay without an invoice (paid
 * before invoices were issued), or when the refund gave back no part of the stay (nothing to
 * credit). Answers its number.
 */
export async function issueCreditNote(tx: Db, d: { bookingId: string; refundId: string; issuedOn: IsoDate; before: StaySettlement; after: StaySettlement }) {
  const invoice = await selectInvoiceOfBooking(tx, d.bookingId);
  if (!invoice || d.before.guest_paid_paise === d.after.guest_paid_paise) return undefined;
  const content = creditNoteContent(invoice.content, { number: invoice.number, issued_on: invoice.issued_on }, d.before, d.after);
  return issue(tx, 'credit_note', { bookingId: d.bookingId, refundId: d.refundId, issuedOn: d.issuedOn, testMode: invoice.test_mode, content });
}
