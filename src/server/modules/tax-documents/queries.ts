import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TAX_DOCUMENT_KINDS, type TaxDocumentContent, taxDocumentContentSchema, type TaxDocumentKind } from '../../../domain/money/tax-invoice';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

// The tax documents' SQL (decision 024): their series, the documents, and who may read one.

/**
 * The next number of the kind's series in `year` (the real one, or test mode's), taken under the
 * series row's lock until `tx` ends: documents are numbered in the order their transactions
 * commit, and a rolled-back one gives its number back, so no number is skipped.
 */
export async function takeNextNumber(tx: Db, kind: TaxDocumentKind, year: string, testMode: boolean): Promise<number> {
  const [row] = await queryRows(tx, z.object({ last_number: z.number().int() }), sql`
    insert into tax_document_series (kind, test_mode, financial_year, last_number) values (${kind}, ${testMode}, ${year}, 1)
    on conflict (kind, test_mode, financial_year) do update set last_number = tax_document_series.last_number + 1
    returning last_number
  `);
  return row!.last_number;
}

export type NewTaxDocument = {
  kind: TaxDocumentKind;
  number: string;
  year: string;
  seq: number;
  testMode: boolean;
  bookingId: string;
  refundId: string | null;
  issuedOn: string;
  content: TaxDocumentContent;
};

export const insertTaxDocument = (tx: Db, d: NewTaxDocument) =>
  tx.execute(sql`
    insert into tax_documents (kind, number, financial_year, seq, test_mode, booking_id, refund_id, issued_on, content)
    values (${d.kind}, ${d.number}, ${d.year}, ${d.seq}, ${d.testMode}, ${d.bookingId}, ${d.refundId}, ${d.issuedOn}, ${JSON.stringify(d.content)}::jsonb)
  `);

const documentRow = z.object({
  id: z.string(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  number: z.string(),
  issued_on: z.string(),
  test_mode: z.boolean(),
  content: taxDocumentContentSchema,
});

export type TaxDocumentRow = z.infer<typeof documentRow>;

const documentSelect = sql`select d.id, d.kind, d.number, d.issued_on::text as issued_on, d.test_mode, d.content from tax_documents d`;

/** The stay's invoice, if it was paid. */
export async function selectInvoiceOfBooking(db: Db, bookingId: string): Promise<TaxDocumentRow | undefined> {
  return (await queryRows(db, documentRow, sql`${documentSelect} where d.booking_id = ${bookingId} and d.kind = 'invoice'`))[0];
}

/** The document, if `userId` is the guest of its stay (its recipient) or the host (its supplier). */
export async function selectDocumentForMember(db: Db, id: string, userId: string): Promise<TaxDocumentRow | undefined> {
  return (
    await queryRows(db, documentRow, sql`
      ${documentSelect} join bookings b on b.id = d.booking_id join listings l on l.id = b.listing_id
      where d.id = ${id} and (b.owner_id = ${userId} or l.host_id = ${userId})
    `)
  )[0];
}
