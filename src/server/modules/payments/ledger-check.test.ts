import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays, userIdOf } from '../bookings/test-support';
import { checkLedger } from './ledger-check';
import { sendDueRefunds } from './refunds';
import { payForStay } from './test-support';

// `npm run ledger:check` (decision 028) finds what is wrong, each way the ledger can be wrong: a
// payment, refund or payout the ledger never recorded (a booking with no ledger rows at all), a
// movement that does not balance, a refund the ledger records for another amount. And the ledger
// refuses to be changed or emptied, by any statement.

const quiet = { warn() {}, error() {}, info() {} };
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

describe('the ledger check', () => {
  const t = useTestApp();
  const call = api(t);
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * `npx tsx scripts/ledger-check.ts` on the test database as it is now: by DATABASE_URL on a
   * server; on the embedded database, on a copy of it in a DATA_DIR of its own (the script opens
   * the database itself, which an open PGlite would not share).
   */
  async function ledgerCheckScript(): Promise<{ code: number; out: string }> {
    let env: Record<string, string>;
    if (t.databaseUrl) env = { DATABASE_URL: t.databaseUrl };
    else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-ledger-check-'));
      dirs.push(dir);
      // biome-ignore lint/suspicious/noExplicitAny: PGlite's client behind the drizzle instance
      const dump: Blob = await (t.database.db as any).$client.dumpDataDir('none');
      await (await openPglite(path.join(dir, 'pgdata'), dump)).close();
      env = { DATA_DIR: dir, DATABASE_URL: '' };
    }
    try {
      const { stdout } = await run(path.join(repo, 'node_modules/.bin/tsx'), ['scripts/ledger-check.ts'], { cwd: repo, env: { ...process.env, ...env } });
      return { code: 0, out: stdout };
    } catch (err) {
      const failed = err as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
    }
  }

  type Stay = { id: string; total_inr: number; guest: string };
  let host = '';
  let hostId = '';
  let listingId = '';
  let n = 0;
  /** A stay of two nights at ₹1,500 (₹3,150 with GST), `from` days ahead, accepted and awaiting payment. */
  async function acceptedStay(from: number): Promise<Stay> {
    const guest = await signIn(t, `lcheck-guest${++n}@example.com`);
    await addPet(t, guest, { name: `Pip${n}`, size: 's' });
    const created = await call('POST', '/api/bookings/create', guest, { listingId, fromDate: inDays(from), toDate: inDays(from + 2), size: 'small' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('POST', `/api/bookings/${created.json().id}/accept`, host)).statusCode).toBe(200);
    return { id: created.json().id, total_inr: created.json().total_inr, guest };
  }
  const ledgerSum = async (bookingId: string, account: string) =>
    (await rawRows<{ sum: number }>(t.database.db, sql`select coalesce(sum(amount_paise), 0)::int as sum from ledger_entries where booking_id = ${bookingId} and account = ${account}`))[0]!.sum;

  // A paid stay; a paid stay cancelled with half refunded and processed; stays awaiting payment.
  let paid: Stay;
  let refunded: Stay;
  let unposted: Stay[];

  it('finds nothing wrong with the ledger of paid, refunded and unpaid stays; the script exits 0', { timeout: 60_000 }, async () => {
    host = await signIn(t, 'lcheck-host@example.com');
    hostId = await userIdOf(t, host);
    listingId = (await createListing(t, host, { cancellation_policy: 'strict' })).id;
    paid = await acceptedStay(10);
    refunded = await acceptedStay(13);
    unposted = [await acceptedStay(16), await acceptedStay(19), await acceptedStay(22)];
    for (const s of [paid, refunded]) await payForStay(t, s.guest, s.id);
    expect((await call('POST', `/api/bookings/${refunded.id}/cancel`, refunded.guest)).statusCode).toBe(200);
    await sendDueRefunds({ db: t.database.db, payments: t.app.payments, publicUrl: 'http://localhost:3000', log: quiet });
    await t.app.payments.webhooks!.deliver(quiet);
    expect(await rawRows(t.database.db, sql`select status from refunds where booking_id = ${refunded.id}`)).toEqual([{ status: 'processed' }]);

    expect(await checkLedger(t.database.db)).toMatchObject({ problems: [], bookings: 2 });
    const script = await ledgerCheckScript();
    expect(script.code, script.out).toBe(0);
    expect(script.out).toContain('✔ ledger balanced');
  });

  it('names a captured payment, a refund and a paid payout that no ledger row records', async () => {
    const [captured, refundOnly, payoutOnly] = unposted;
    // Recorded straight into their tables, as a bug that skipped the ledger would leave them.
    const orderOf = async (s: Stay) => {
      const [order] = await rawRows<{ id: string }>(t.database.db, sql`
        insert into payment_orders (booking_id, provider, provider_order_id, amount_paise)
        values (${s.id}, 'test', ${`order_${randomUUID().slice(0, 14)}`}, ${s.total_inr * 100}) returning id
      `);
      return order!.id;
    };
    const payment = async (s: Stay, status: 'captured' | 'failed') => {
      const [row] = await rawRows<{ id: string }>(t.database.db, sql`
        insert into payments (provider_payment_id, order_id, booking_id, amount_paise, status)
        values (${`pay_${randomUUID().slice(0, 14)}`}, ${await orderOf(s)}, ${s.id}, ${s.total_inr * 100}, ${status}) returning id
      `);
      return row!.id;
    };
    await payment(captured!, 'captured');
    await rawRows(t.database.db, sql`
      insert into refunds (booking_id, payment_id, amount_paise, reason, status)
      values (${refundOnly!.id}, ${await payment(refundOnly!, 'failed')}, 100000, 'guest_cancelled', 'processed')
    `);
    await rawRows(t.database.db, sql`
      insert into payouts (booking_id, host_id, amount_paise, stay_paise, paid_on, release_at, status, paid_at, reference)
      values (${payoutOnly!.id}, ${hostId}, 280000, 300000, ${inDays(0)}::date, now(), 'paid', now(), 'trf_unposted')
    `);

    const { problems } = await checkLedger(t.database.db);
    expect(problems).toEqual(
      expect.arrayContaining([
        { kind: 'booking', ref: captured!.id, detail: 'provider_cash is 0 in the ledger, 315000 in the records' },
        { kind: 'booking', ref: refundOnly!.id, detail: 'provider_cash is 0 in the ledger, -100000 in the records' },
        { kind: 'booking', ref: payoutOnly!.id, detail: 'provider_cash is 0 in the ledger, -280000 in the records' },
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('names a movement that does not balance, and its booking', async () => {
    // Written past the app's own check (ledger.ts balanced): nothing in the database refuses it.
    const movement = randomUUID();
    await rawRows(t.database.db, sql`insert into ledger_entries (booking_id, movement, account, amount_paise) values (${paid.id}, ${movement}, 'platform_fees', 100)`);
    const { problems } = await checkLedger(t.database.db);
    expect(problems).toEqual(
      expect.arrayContaining([
        { kind: 'movement', ref: movement, detail: 'sums to 100' },
        { kind: 'booking', ref: paid.id, detail: 'sums to 100' },
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it('names a refund whose amount the ledger records otherwise', async () => {
    // The refund's row says ₹10 more than its ledger movements moved out of the provider's cash.
    const cash = await ledgerSum(refunded.id, 'provider_cash');
    await rawRows(t.database.db, sql`update refunds set amount_paise = amount_paise + 1000 where booking_id = ${refunded.id}`);
    const { problems } = await checkLedger(t.database.db);
    expect(problems).toContainEqual({ kind: 'booking', ref: refunded.id, detail: `provider_cash is ${cash} in the ledger, ${cash - 1000} in the records` });
    expect(problems).toHaveLength(6);
  });

  it('the script lists each problem and exits 1', { timeout: 60_000 }, async () => {
    const script = await ledgerCheckScript();
    expect(script.code, script.out).toBe(1);
    for (const ref of [...unposted.map((s) => s.id), paid.id, refunded.id]) expect(script.out).toContain(`✖ booking ${ref}: `);
    expect(script.out).toMatch(/✖ movement [0-9a-f-]{36}: sums to 100/);
    expect(script.out).toContain('✖ ledger: 6 problems');
  });

  it('refuses to change or remove ledger rows and issued tax documents, by any statement', async () => {
    const count = async () => (await rawRows<{ ledger: number; documents: number }>(t.database.db, sql`
      select (select count(*) from ledger_entries)::int as ledger, (select count(*) from tax_documents)::int as documents
    `))[0]!;
    const before = await count();
    expect(before.ledger).toBeGreaterThan(0);
    expect(before.documents).toBeGreaterThan(0);
    // The database's own refusal (drizzle wraps it, with the query, as the error's cause).
    const refusal = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement).then(() => 'done', (err: Error) => String(err.cause ?? err));
    const ledger = /ledger_entries is append-only/;
    const documents = /tax_documents are never changed once issued/;
    for (const [statement, message] of [
      [sql`update ledger_entries set amount_paise = 0 where booking_id = ${paid.id}`, ledger],
      [sql`delete from ledger_entries where booking_id = ${paid.id}`, ledger],
      [sql`truncate ledger_entries`, ledger],
      // Emptied with the bookings that their rows name.
      [sql`truncate bookings cascade`, /ledger_entries is append-only|tax_documents are never changed once issued/],
      [sql`update tax_documents set number = 'PS/00-00/000000'`, documents],
      [sql`delete from tax_documents`, documents],
      [sql`truncate tax_documents`, documents],
    ] as const) {
      expect(await refusal(statement)).toMatch(message);
    }
    expect(await count()).toEqual(before);
  });
});
