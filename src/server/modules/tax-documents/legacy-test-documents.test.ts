import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { financialYear } from '../../../domain/money/settlement';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { applyProviderPayment } from '../payments/capture';
import { insertOrder } from '../payments/queries';
import { payForStay } from '../payments/test-support';

// Migration 0026 (decision 040) on a database from before it: the documents issued for stays paid
// through the test gateway, numbered then in the real series (PS/…, CN/…), become test documents
// in the test series, in the order they were issued; a real document keeps its number; each real
// series goes back to its last real number; and issuing goes on from there in both.

const MIGRATION = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0026_test-mode-documents.sql'), 'utf8');
/** The migration's statements that move the data (from setting the trigger aside to the end). */
const dataStatements = () => {
  const statements = MIGRATION.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
  return statements.slice(statements.findIndex((s) => s.includes('DISABLE TRIGGER')));
};

describe('migration 0026 on documents issued before it', () => {
  const t = useTestApp();
  const call = api(t);
  const quiet = { warn() {}, error() {}, info() {} };
  const yy = financialYear(inDays(0)).slice(2);
  let n = 0;

  async function acceptedStay(policy = 'flexible') {
    n++;
    const host = await signIn(t, `legacy-host${n}@example.com`);
    const listing = await createListing(t, host, { cancellation_policy: policy });
    const guest = await signIn(t, `legacy-guest${n}@example.com`);
    await addPet(t, guest, { name: `Pet${n}`, size: 's' });
    const booking = (await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(20), toDate: inDays(22), size: 'small' })).json() as { id: string; total_inr: number };
    await call('POST', `/api/bookings/${booking.id}/accept`, host);
    return { guest, booking };
  }
  const payThroughRazorpay = async (booking: { id: string; total_inr: number }) => {
    const order = await insertOrder(t.database.db, { bookingId: booking.id, provider: 'razorpay', providerOrderId: `order_legacy${booking.id.slice(0, 8)}`, amountPaise: booking.total_inr * 100 });
    await applyProviderPayment(
      { db: t.database.db, publicUrl: 'http://localhost:3000', log: quiet },
      { id: `pay_legacy${booking.id.slice(0, 8)}`, order_id: order.provider_order_id, amount: order.amount_paise, currency: 'INR', status: 'captured', captured: true, method: 'upi', created_at: 1 },
    );
  };
  const documents = () =>
    rawRows<{ booking_id: string; kind: string; number: string; seq: number; test_mode: boolean }>(t.database.db, sql`select booking_id, kind, number, seq, test_mode from tax_documents order by created_at, number`);
  const series = () => rawRows<{ kind: string; test_mode: boolean; last_number: number }>(t.database.db, sql`select kind, test_mode, last_number from tax_document_series order by kind, test_mode`);

  it('renumbers the test documents into the test series, keeps the real ones, and never issues a real number twice', async () => {
    // Two stays paid in test mode, one of them refunded in part (a credit note).
    const first = await acceptedStay();
    await payForStay(t, first.guest, first.booking.id);
    const second = await acceptedStay('strict');
    await payForStay(t, second.guest, second.booking.id);
    expect((await call('POST', `/api/bookings/${second.booking.id}/cancel`, second.guest)).statusCode).toBe(200);
    // Made as the code before 0026 made them: in the real series, unmarked.
    await t.database.db.execute(sql`alter table tax_documents drop constraint tax_documents_test_number_check`);
    await t.database.db.execute(sql`alter table tax_documents disable trigger tax_documents_immutable`);
    await t.database.db.execute(sql`update tax_documents set test_mode = false, number = substr(number, 6)`);
    await t.database.db.execute(sql`alter table tax_documents enable trigger tax_documents_immutable`);
    await t.database.db.execute(sql`delete from tax_document_series where not test_mode`);
    await t.database.db.execute(sql`update tax_document_series set test_mode = false`);
    // Then a real payment, numbered after them in the real series, as it was.
    const real = await acceptedStay();
    await payThroughRazorpay(real.booking);
    expect((await documents()).map((d) => [d.kind, d.number, d.test_mode])).toEqual([
      ['invoice', `PS/${yy}/000001`, false],
      ['invoice', `PS/${yy}/000002`, false],
      ['credit_note', `CN/${yy}/000001`, false],
      ['invoice', `PS/${yy}/000003`, false],
    ]);

    for (const statement of dataStatements()) await t.database.db.execute(sql.raw(statement));

    expect((await documents()).map((d) => [d.booking_id, d.kind, d.number, d.seq, d.test_mode])).toEqual([
      [first.booking.id, 'invoice', `TEST-PS/${yy}/000001`, 1, true],
      [second.booking.id, 'invoice', `TEST-PS/${yy}/000002`, 2, true],
      [second.booking.id, 'credit_note', `TEST-CN/${yy}/000001`, 1, true],
      // A real document is never changed; its series keeps the gap the test documents left.
      [real.booking.id, 'invoice', `PS/${yy}/000003`, 3, false],
    ]);
    expect(await series()).toEqual([
      // A PDF of CN/…/000001 is out there: the real series never issues it again.
      { kind: 'credit_note', test_mode: false, last_number: 1 },
      { kind: 'credit_note', test_mode: true, last_number: 1 },
      { kind: 'invoice', test_mode: false, last_number: 3 },
      { kind: 'invoice', test_mode: true, last_number: 2 },
    ]);
    // The documents cannot be changed again, and the check holds.
    await expect(t.database.db.execute(sql`update tax_documents set number = number`)).rejects.toThrow();
    // Issuing goes on in both series.
    const nextTest = await acceptedStay();
    await payForStay(t, nextTest.guest, nextTest.booking.id);
    const nextReal = await acceptedStay();
    await payThroughRazorpay(nextReal.booking);
    const numbers = Object.fromEntries((await documents()).map((d) => [`${d.booking_id} ${d.kind}`, d.number]));
    expect(numbers[`${nextTest.booking.id} invoice`]).toBe(`TEST-PS/${yy}/000003`);
    expect(numbers[`${nextReal.booking.id} invoice`]).toBe(`PS/${yy}/000004`);
  });
});
