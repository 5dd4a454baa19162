import { describe, expect, it } from 'vitest';
import { TEST_DOCUMENT_MARK } from '../../../domain/test-mode';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { pdfText } from '../../test/pdf-text';
import { addPet, api, inDays } from '../bookings/test-support';
import { applyProviderPayment } from '../payments/capture';
import { insertOrder } from '../payments/queries';

// The same app with Razorpay's keys (decision 040): real money is never marked test, and money
// that moved through the test gateway before (a demo's database that went live) stays marked in
// every statement that shows it. No request reaches Razorpay: the payments are applied as its
// webhook reports them, and nothing here asks it anything.

describe('statements, payouts and e-mails with Razorpay', () => {
  const t = useTestApp({ RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag', RAZORPAY_KEY_SECRET: 'thisisasecret', RAZORPAY_WEBHOOK_SECRET: 'webhooksecret' });
  const call = api(t);
  const quiet = { warn() {}, error() {}, info() {} };
  let n = 0;

  /** A stay at `host`'s new listing, accepted, and paid through `provider` as its webhook would report it. */
  async function paidThrough(host: string, provider: 'razorpay' | 'test') {
    n++;
    const listing = await createListing(t, host);
    const guest = await signIn(t, `rm-guest${n}@example.com`);
    await addPet(t, guest, { name: `Pet${n}`, size: 's' });
    const booking = (await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(5), toDate: inDays(7), size: 'small' })).json() as { id: string; total_inr: number };
    expect((await call('POST', `/api/bookings/${booking.id}/accept`, host)).statusCode).toBe(200);
    const order = await insertOrder(t.database.db, { bookingId: booking.id, provider, providerOrderId: `order_rm${n}`, amountPaise: booking.total_inr * 100 });
    const outcome = await applyProviderPayment(
      { db: t.database.db, publicUrl: 'http://localhost:3000', log: quiet },
      { id: `pay_rm${n}`, order_id: order.provider_order_id, amount: order.amount_paise, currency: 'INR', status: 'captured', captured: true, method: 'upi', created_at: 1 },
    );
    expect(outcome).toBe('confirmed');
    return { guest, booking };
  }

  const month = inDays(0).slice(0, 7);
  const statement = async (host: string) => {
    const [pdf, csv] = await Promise.all([call('GET', `/api/host/statements/${month}`, host), call('GET', `/api/host/statements/${month}?format=csv`, host)]);
    return { pdf: (await pdfText(pdf.rawPayload)).join(' '), pdfName: pdf.headers['content-disposition'], csv: csv.body.replace(/^\uFEFF/, ''), csvName: csv.headers['content-disposition'] };
  };

  it('a statement of real money, its payouts answer and its e-mails say nothing of test mode', async () => {
    const host = await signIn(t, 'rm-host@example.com');
    await paidThrough(host, 'razorpay');
    const s = await statement(host);
    expect(s.pdf).toContain(`Statement for`);
    expect(s.pdf).not.toMatch(/TEST|test mode/i);
    expect(s.csv.startsWith('Booking,Stay,Guest')).toBe(true);
    expect(s.csvName).toBe(`attachment; filename="PawStay-statement-${month}.csv"`);
    expect((await call('GET', '/api/host/payouts', host)).json().test_mode).toBe(false);
    await t.deliverMail();
    const mine = t.mail.filter((m) => m.to === 'rm-host@example.com' || m.to === 'rm-guest1@example.com');
    expect(mine.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^New booking request: /), expect.stringMatching(/^Confirmed: /)]));
    for (const m of mine) expect(`${m.subject} ${m.text} ${m.html}`, m.subject).not.toMatch(/test mode/i);
  });

  it("a month that shows money moved through the test gateway is a test statement, whatever the server's mode now", async () => {
    const host = await signIn(t, 'rm-demo-host@example.com');
    await paidThrough(host, 'test');
    const s = await statement(host);
    expect(s.pdf.split(TEST_DOCUMENT_MARK)).toHaveLength(3); // the band and the diagonal
    expect(s.csv.split('\r\n')[0]).toContain(TEST_DOCUMENT_MARK);
    expect(s.pdfName).toBe(`attachment; filename="PawStay-TEST-statement-${month}.pdf"`);
  });
});
