import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { checkLedger } from './ledger-check';
import { sendDueRefunds } from './refunds';
import { payForStay } from './test-support';

// Issue 22: 100 payments at once, half of them cancelled as soon as they are paid (a refund each),
// with the webhooks and the refunds job running all the while (on PostgreSQL truly in parallel, on
// the embedded database interleaved), leave a ledger that balances and agrees with the payments,
// refunds and payouts, and unbroken document series.

const quiet = { warn() {}, error() {}, info() {} };

describe('the ledger under 100 concurrent payments and refunds', () => {
  const t = useTestApp();
  const call = api(t);

  it('balances, with one capture, one invoice and at most one refund and credit note per stay', { timeout: 240_000 }, async () => {
    const host = await signIn(t, 'lc-host@example.com');
    const listing = await createListing(t, host, { cancellation_policy: 'strict' });
    const guests = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(t, `lc-guest${i}@example.com`)));
    for (const [i, guest] of guests.entries()) await addPet(t, guest, { name: `Pal${i}`, size: 's' });
    // 100 one-night stays, 10 days ahead and on (strict: half back when cancelled), one after another,
    // each accepted.
    const stays: { guest: string; id: string }[] = [];
    for (let i = 0; i < 100; i++) {
      // 20 guests, 5 stays each: a guest may send a home 6 requests a day.
      const guest = guests[i % guests.length]!;
      const created = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(10 + i), toDate: inDays(11 + i), size: 'small' });
      expect(created.statusCode, created.body).toBe(201);
      // Answered at once: a guest may keep only 3 requests open with one home.
      expect((await call('POST', `/api/bookings/${created.json().id}/accept`, host)).statusCode).toBe(200);
      stays.push({ guest, id: created.json().id });
    }

    const deps = { db: t.database.db, payments: t.app.payments, publicUrl: 'http://localhost:3000', log: quiet };
    const deliverWebhooks = () => t.app.payments.webhooks!.deliver(quiet);
    const cancel = async (s: { guest: string; id: string }) => {
      const res = await call('POST', `/api/bookings/${s.id}/cancel`, s.guest);
      if (res.statusCode !== 200) throw new Error(`cancel: ${res.statusCode} ${res.body}`);
    };
    // One Promise.all: the 100 payments, every other stay cancelled once its own payment is in
    // (while the rest are still paying), and the refunds job and the webhooks (captures arriving
    // after the callbacks, refunds processed) running over and over until the payments are done.
    let paying = true;
    const meanwhile = async (job: () => Promise<unknown>) => {
      while (paying) {
        await job();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const payments = Promise.allSettled(
      stays.map(async (s, i) => {
        await payForStay(t, s.guest, s.id);
        if (i % 2 === 0) await cancel(s);
      }),
    ).finally(() => {
      paying = false;
    });
    const [settled, ...jobs] = await Promise.allSettled([payments, meanwhile(() => sendDueRefunds(deps)), meanwhile(deliverWebhooks)]);
    expect(jobs.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(settled.status === 'fulfilled' && settled.value.filter((r) => r.status === 'rejected')).toEqual([]);
    // Whatever the jobs left for their next run.
    await sendDueRefunds(deps);
    await deliverWebhooks();

    const count = async (query: ReturnType<typeof sql>) => (await rawRows<{ n: number }>(t.database.db, query))[0]!.n;
    expect(await count(sql`select count(*)::int as n from bookings where status = 'confirmed'`)).toBe(50);
    expect(await count(sql`select count(*)::int as n from bookings where status = 'cancelled'`)).toBe(50);
    expect(await count(sql`select count(*)::int as n from payments where status = 'captured'`)).toBe(100);
    expect(await count(sql`select count(*)::int as n from refunds where status = 'processed'`)).toBe(50);
    expect(await count(sql`select count(*)::int as n from payouts where status = 'held'`)).toBe(100);
    const { problems, bookings } = await checkLedger(t.database.db);
    expect(problems).toEqual([]);
    expect(bookings).toBe(100);
    for (const [kind, expected] of [['invoice', 100], ['credit_note', 50]] as const) {
      const seqs = (await rawRows<{ seq: number }>(t.database.db, sql`select seq from tax_documents where kind = ${kind} order by seq`)).map((r) => r.seq);
      expect(seqs, kind).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
    }
  });
});
