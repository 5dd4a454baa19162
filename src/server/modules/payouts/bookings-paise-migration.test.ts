import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, runMigrations } from '../../db/client';
import { seedDemoData } from '../../db/seed/seed';
import { rawRows } from '../../test/rows';
import { checkLedger } from '../payments/ledger-check';
import { sendDueRefunds } from '../payments/refunds';
import { releaseDuePayouts } from '../payments/payouts';
import { createDueTransfers } from '../payments/transfers';
import { usePayoutApp } from './test-support';

// Migration 0028 (decision 043, "One unit") on a database as it stood at 0027: bookings' money in
// whole rupees, the demo data's stays among them, and a stay paid (its payout held), one refunded
// in part (the refund processed) and one paid out. The ledger balances before and after, every
// figure is 100 times what it was, and the API answers the same rupees.

const MONEY = ['price_subtotal', 'taxes', 'platform_fee', 'total'] as const;
const TAG = '0028_bookings-money-in-paise';
const meta = (file: string) => JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', file), 'utf8'));
/** The bookings table as drizzle-kit recorded it after 0027: its columns and its money check. */
const before = meta('0027_snapshot.json').tables['public.bookings'] as {
  columns: Record<string, { type: string; notNull: boolean }>;
  checkConstraints: Record<string, { value: string }>;
};

type Figures = { id: string } & Record<string, number>;

/** Migration 0033 in reverse: no-shows and the guest's "All well" (incidents go whole with 0032). */
const UNDO_0033 = ['ALTER TABLE bookings DROP COLUMN home_confirmed_at'];

/** Migration 0039 in reverse: a user's language. */
const UNDO_0039 = ['ALTER TABLE users DROP COLUMN locale'];
/** Migration 0038 in reverse: channels beyond e-mail, push subscriptions, verified numbers. */
const UNDO_0038 = ['DROP INDEX users_verified_phone_idx', 'ALTER TABLE users DROP COLUMN phone_verified_at', 'DROP TABLE push_subscriptions', 'DROP TABLE notification_deliveries', 'DROP TABLE app_keys', 'DROP TABLE phone_codes'];

/** Migration 0037 in reverse: notices, their settings, and the mail's link to its notice. */
const UNDO_0037 = ['ALTER TABLE bookings DROP COLUMN payment_reminded_at', 'ALTER TABLE mail_outbox DROP COLUMN notification_id', 'DROP TABLE notification_settings', 'DROP TABLE notifications'];

/** Migration 0036 in reverse: what hosts give back of payouts already paid. */
const UNDO_0036 = ['DROP TABLE payout_recoveries'];

/** Migration 0035 in reverse: listings' daily-update share and the recommended order's score, with 0020's indexes back. */
const UNDO_0035 = [
  'DROP TRIGGER stay_updates_refresh_update_share ON stay_updates',
  ...['bookings_lock_listing_for_share', 'bookings_refresh_update_share', 'bookings_refresh_update_share_gone', 'bookings_refresh_update_share_new'].map(
    (trigger) => `DROP TRIGGER ${trigger} ON bookings`,
  ),
  'DROP FUNCTION stay_updates_refresh_update_share()',
  'DROP FUNCTION bookings_refresh_update_share()',
  'DROP FUNCTION listing_update_share_refresh(uuid[])',
  'DROP INDEX listings_search_recommended_idx',
  'DROP INDEX listings_search_area_idx',
  'ALTER TABLE listings DROP COLUMN recommended_score',
  'ALTER TABLE listings DROP COLUMN update_share',
  `CREATE INDEX listings_search_recommended_idx
    ON listings (lower(city), verified DESC NULLS LAST, rating DESC NULLS LAST, reviews_count DESC NULLS LAST)
    INCLUDE (city, id, nightly_price_inr, size_supported, pet_types, vaccinations_required, lat, lng) WHERE listed`,
  `CREATE INDEX listings_search_area_idx ON listings (lat, lng)
    INCLUDE (id, verified, rating, reviews_count, nightly_price_inr, size_supported, pet_types, vaccinations_required) WHERE listed`,
];

/** Migration 0034 in reverse: reported problems' photos. */
const UNDO_0034 = ['DROP TABLE incident_photos'];

/** Migration 0032 in reverse: stays' problems, and refunds of reason incident. */
const UNDO_0032 = [
  'DROP TABLE incidents',
  'ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check',
  "ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check CHECK (reason in ('guest_cancelled', 'host_cancelled', 'not_bookable'))",
];

/** Migration 0031 in reverse: meet & greets, and the listing's wish for one. */
const UNDO_0031 = ['DROP TABLE meets', 'ALTER TABLE listings DROP COLUMN meet_required'];

/** Migration 0030 in reverse: the sweep's notes of stay photo files, and the photos' key indexes. */
const UNDO_0030 = ['DROP TABLE stay_photo_orphans', 'DROP INDEX stay_update_photos_card_key_idx', 'DROP INDEX stay_update_photos_large_key_idx'];

/** Migration 0029 in reverse, stays under way back to confirmed (0027 knew no other status). */
const UNDO_0029 = [
  'DROP TABLE stay_update_reminders',
  'DROP TABLE stay_update_photos',
  'DROP TABLE stay_updates',
  'DROP TABLE care_sheets',
  "UPDATE bookings SET status = 'confirmed' WHERE status = 'in_stay'",
  'ALTER TABLE bookings DROP CONSTRAINT bookings_in_stay_check',
  'ALTER TABLE bookings DROP CONSTRAINT bookings_checked_out_check',
  'ALTER TABLE bookings DROP COLUMN checked_in_at',
  'ALTER TABLE bookings DROP COLUMN checked_out_at',
  'ALTER TABLE bookings DROP CONSTRAINT bookings_status_check',
  `ALTER TABLE bookings ADD CONSTRAINT bookings_status_check CHECK (${before.checkConstraints.bookings_status_check!.value})`,
];

describe('migration 0028: bookings keep their money in paise', () => {
  const { t, call, deps, PHONE, paidStay, arrived } = usePayoutApp();
  const db = () => t.database.db;
  const figures = (unit: 'inr' | 'paise') =>
    rawRows<Figures>(db(), sql.raw(`select id::text, ${MONEY.map((m) => `${m}_${unit}`).join(', ')} from bookings order by id`));
  const bookingColumns = () =>
    rawRows<{ column_name: string; data_type: string; is_nullable: string }>(db(), sql`
      select column_name, data_type, is_nullable from information_schema.columns
      where table_schema = 'public' and table_name = 'bookings' order by column_name
    `);

  /**
   * The database as 0027 left it: 0029 and 0028 undone (its columns back to rupees, its money
   * check as 0027 had it) and their records gone, so that the migrator applies them again.
   */
  async function backTo0027() {
    const paise = await figures('paise');
    // Every figure is whole rupees, or going back would not be exact.
    for (const row of paise) for (const m of MONEY) expect(row[`${m}_paise`]! % 100).toBe(0);
    const statements = [
      // 0030 and 0029 (the stay itself) undone first, newest first: the migrator applies what
      // comes after the newest it has a record of, so every later migration must go for 0028 to
      // run again.
      ...UNDO_0039,
      ...UNDO_0038,
      ...UNDO_0037,
      ...UNDO_0036,
      ...UNDO_0035,
      ...UNDO_0034,
      ...UNDO_0033,
      ...UNDO_0032,
      ...UNDO_0031,
      ...UNDO_0030,
      ...UNDO_0029,
      'ALTER TABLE bookings DROP CONSTRAINT bookings_money_check',
      ...MONEY.map((m) => `ALTER TABLE bookings RENAME COLUMN ${m}_paise TO ${m}_inr`),
      `UPDATE bookings SET ${MONEY.map((m) => `${m}_inr = ${m}_inr / 100`).join(', ')}`,
      `ALTER TABLE bookings ADD CONSTRAINT bookings_money_check CHECK (${before.checkConstraints.bookings_money_check!.value})`,
    ];
    for (const statement of statements) await db().execute(sql.raw(statement));
    const when = (meta('_journal.json').entries as { tag: string; when: number }[]).find((e) => e.tag === TAG)!.when;
    await db().execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${when}`);
    const shape = Object.entries(before.columns)
      .map(([name, c]) => ({ column_name: name, data_type: c.type, is_nullable: c.notNull ? 'NO' : 'YES' }))
      .sort((a, b) => a.column_name.localeCompare(b.column_name));
    expect(await bookingColumns()).toEqual(shape);
  }

  it('multiplies every figure by 100 exactly, and the ledger balances before and after', async () => {
    // The demo data, as a server seeds it (placeholder photos): its stays were never paid, so
    // they are in no ledger.
    const demo = await seedDemoData(db(), { photos: t.storage.photos, photosDir: path.join(t.dataDir, 'no-photos'), log: pino({ level: 'silent' }), stays: { publicUrl: 'http://localhost:3000', photos: t.storage.stayPhotos }, testMode: true });
    expect(demo?.bookings).toBeGreaterThan(20);
    // Paid: its payout held.
    const paid = await paidStay({ from: 30 });
    // Refunded in part: strict, cancelled 12 days ahead, half back; the refund processed.
    const refunded = await paidStay({ from: 12, policy: 'strict' });
    expect((await call('POST', `/api/bookings/${refunded.booking.id}/cancel`, refunded.guest)).statusCode).toBe(200);
    expect(await sendDueRefunds(deps())).toEqual({ refunds: 1, refundErrors: 0 });
    await t.app.payments.webhooks!.deliver({ warn() {} });
    // Paid out: transferred and released by a clock past its release.
    const paidOut = await paidStay({ from: 4 });
    await call('PUT', '/api/host/payout-account', paidOut.host, { kind: 'upi', holder_name: 'Host Paid', phone: PHONE, upi_id: 'host.paid@okaxis' });
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    await arrived(paidOut.booking.id);
    expect(await releaseDuePayouts(deps(), new Date(Date.now() + 40 * 86_400_000))).toEqual({ paidOut: 1, payoutErrors: 0 });
    const states = await rawRows<{ id: string; refund: string | null; payout: string }>(db(), sql`
      select b.id::text, (select r.status from refunds r where r.booking_id = b.id) as refund, o.status as payout
      from bookings b join payouts o on o.booking_id = b.id order by b.id
    `);
    expect(new Map(states.map((s) => [s.id, [s.refund, s.payout]]))).toEqual(
      new Map([
        [paid.booking.id, [null, 'held']],
        [refunded.booking.id, ['processed', 'held']],
        [paidOut.booking.id, [null, 'paid']],
      ]),
    );
    // 0027 knew no stay under way: UNDO_0029 moves the paid-out one (checked in to be released)
    // back to confirmed, which changes where it is and what its guest may do, but not its money.
    const moneyOf = (answer: Record<string, unknown>) => Object.fromEntries(Object.entries(answer).filter(([k]) => /_(inr|paise)$|^refund$|^documents$/.test(k)));
    const answers = async () =>
      Promise.all(
        [paid, refunded, paidOut].map(async (s) => {
          const answer = (await call('GET', `/api/bookings/${s.booking.id}`, s.guest)).json();
          return s === paidOut ? moneyOf(answer) : answer;
        }),
      );
    const answered = await answers();

    // The ledger's check is today's code, which reads tables 0027 did not have (payout_recoveries):
    // it runs before going back. 0028 changes bookings alone, which the check does not read.
    const ledgerBefore = await checkLedger(db());
    expect(ledgerBefore.problems).toEqual([]);
    expect(ledgerBefore.bookings).toBe(3);
    await backTo0027();
    const rupees = await figures('inr');
    expect(rupees).toHaveLength(demo!.bookings! + 3);

    await runMigrations(t.database);

    const ledgerAfter = await checkLedger(db());
    expect(ledgerAfter).toEqual(ledgerBefore);
    const paise = await figures('paise');
    expect(paise).toEqual(rupees.map((r) => ({ id: r.id, ...Object.fromEntries(MONEY.map((m) => [`${m}_paise`, r[`${m}_inr`]! * 100])) })));
    // The new figures are the ledger's own unit: each stay's payment is its total, to the paisa.
    const captured = await rawRows<{ booking_id: string; amount_paise: number }>(db(), sql`select booking_id::text, amount_paise from payments where status = 'captured' order by booking_id`);
    const totals = new Map(paise.map((b) => [b.id, b.total_paise]));
    expect(captured.map((p) => [p.booking_id, p.amount_paise])).toEqual(captured.map((p) => [p.booking_id, totals.get(p.booking_id)]));
    expect(captured).toHaveLength(3);
    // The API states the same rupees as before.
    expect(await answers()).toEqual(answered);
    // And the migrator finds nothing more to do.
    await runMigrations(t.database);
    expect(await figures('paise')).toEqual(paise);
  });
});
