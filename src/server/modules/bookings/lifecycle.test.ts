import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { rawRows } from '../../test/rows';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { runLifecycle, startLifecycleJob } from '../../jobs/lifecycle';
import { addPet, api, inDays, storedBooking } from './test-support';

describe('the booking lifecycle job', () => {
  const t = useTestApp();
  const call = api(t);
  /** The mail sent since the last `sent.length = 0`, as the outbox worker would send it. */
  let seen = 0;
  const sent = {
    get all() {
      return t.mail.slice(seen);
    },
    set length(_: 0) {
      seen = t.mail.length;
    },
  };
  const log = { error: () => {}, info: () => {} };
  const run = async () => {
    const result = await runLifecycle(t.database.db, { publicUrl: 'https://pawstay.example', testMode: true });
    await t.deliverMail();
    return result;
  };
  const age = (id: string, set: ReturnType<typeof sql>) => t.database.db.execute(sql`update bookings set ${set} where id = ${id}`);
  /** Moves a booking (and its hold, if any) to `from`..`to` days from today, as if time had passed. */
  const moveTo = async (id: string, from: number, to: number) => {
    await t.database.db.execute(sql`update calendar_holds set during = daterange(${inDays(from)}::date, ${inDays(to)}::date) where booking_id = ${id}`);
    await age(id, sql`start_date = ${inDays(from)}::date, end_date = ${inDays(to)}::date, nights = ${to - from}`);
  };

  let n = 0;
  async function requests(count: number, from = 10, to = 12) {
    const host = await signIn(t, `l-host${++n}@example.com`);
    const listing = await createListing(t, host);
    const made: { id: string; email: string }[] = [];
    for (let i = 0; i < count; i++) {
      const email = `l-guest${n}-${i}@example.com`;
      const guest = await signIn(t, email);
      await addPet(t, guest, { name: 'Moti', size: 's' });
      const res = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(from + i * 3), toDate: inDays(to + i * 3), size: 'small' });
      made.push({ id: res.json().id, email });
    }
    return { host, made };
  }

  it('expires requests after 24 hours or once their check-in day is over, completes past stays, and tells the guests', async () => {
    const { host, made } = await requests(7);
    const [old, startedYesterday, fresh, nearlyOld, ended, endsToday, startsToday] = made as [typeof made[0], typeof made[0], typeof made[0], typeof made[0], typeof made[0], typeof made[0], typeof made[0]];
    await age(old.id, sql`created_at = now() - interval '24 hours 1 second'`);
    await age(nearlyOld.id, sql`created_at = now() - interval '23 hours 55 minutes'`);
    await moveTo(startedYesterday.id, -1, 2);
    // A stay that starts today may still be accepted today.
    await moveTo(startsToday.id, 0, 2);
    for (const b of [ended, endsToday]) expect((await call('POST', `/api/bookings/${b.id}/accept`, host)).statusCode).toBe(200);
    // Both were paid (payments.test.ts pays for real).
    for (const b of [ended, endsToday]) await age(b.id, sql`status = 'confirmed', paid_at = now()`);
    await moveTo(ended.id, -3, -1);
    await moveTo(endsToday.id, -1, 0);
    sent.length = 0;

    // The two paid stays were never checked in: both sides of each are asked what happened.
    expect(await run()).toEqual({ arrivalsAsked: 2, expired: 2, lapsed: 0, completed: 1, published: 0, reminded: 0, meetsReminded: 0, paymentsReminded: 0, noticesPurged: 0 });
    expect((await storedBooking(t, old.id)).status).toBe('expired');
    expect((await storedBooking(t, startedYesterday.id)).status).toBe('expired');
    expect((await storedBooking(t, startsToday.id)).status).toBe('requested');
    expect((await storedBooking(t, fresh.id)).status).toBe('requested');
    expect((await storedBooking(t, nearlyOld.id)).status).toBe('requested');
    expect(await storedBooking(t, ended.id)).toMatchObject({ status: 'completed', holds: 1 });
    expect((await storedBooking(t, endsToday.id)).status).toBe('confirmed');
    const expiredMails = sent.all.filter((m) => /has expired$/.test(m.subject));
    expect(expiredMails.map((m) => m.to).sort()).toEqual([old.email, startedYesterday.email].sort());
    expect(expiredMails[0]!.text).toContain('https://pawstay.example/dashboard');
    const asked = sent.all.filter((m) => m.subject.startsWith('Did Moti arrive?'));
    expect(asked).toHaveLength(4);
    expect(asked.map((m) => m.to)).toEqual(expect.arrayContaining([ended.email, endsToday.email]));
    expect(sent.all).toHaveLength(6);

    // Nothing is due any more: a second run changes and sends nothing.
    expect(await run()).toEqual({ arrivalsAsked: 0, expired: 0, lapsed: 0, completed: 0, published: 0, reminded: 0, meetsReminded: 0, paymentsReminded: 0, noticesPurged: 0 });
    expect(sent.all).toHaveLength(6);
  });

  it('gives each due booking to one run only when runs overlap (no double e-mail)', async () => {
    const { made } = await requests(8);
    for (const b of made) await age(b.id, sql`created_at = now() - interval '2 days'`);
    sent.length = 0;
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(8);
    expect(sent.all.map((m) => m.to).sort()).toEqual(made.map((b) => b.email).sort());
  });

  it.skipIf(inject('testDatabase').kind === 'pglite')('skips a row another process holds instead of waiting for it (PostgreSQL)', async () => {
    const { made } = await requests(2);
    for (const b of made) await age(b.id, sql`created_at = now() - interval '2 days'`);
    // biome-ignore lint/suspicious/noExplicitAny: the pool behind the drizzle instance
    const other = await ((t.database.db as any).$client as pg.Pool).connect();
    try {
      await other.query('begin');
      await other.query('select id from bookings where id = $1 for update', [made[0]!.id]);
      const waited = new Promise((resolve) => setTimeout(() => resolve('blocked by the lock'), 5_000).unref());
      expect(await Promise.race([run(), waited])).toEqual({ arrivalsAsked: 0, expired: 1, lapsed: 0, completed: 0, published: 0, reminded: 0, meetsReminded: 0, paymentsReminded: 0, noticesPurged: 0 });
      expect((await storedBooking(t, made[1]!.id)).status).toBe('expired');
    } finally {
      await other.query('rollback');
      other.release();
    }
    expect(await run()).toEqual({ arrivalsAsked: 0, expired: 1, lapsed: 0, completed: 0, published: 0, reminded: 0, meetsReminded: 0, paymentsReminded: 0, noticesPurged: 0 });
  });

  it('still expires when the mail server is down; the e-mail waits in the outbox', async () => {
    const { made } = await requests(1);
    await age(made[0]!.id, sql`created_at = now() - interval '2 days'`);
    sent.length = 0;
    t.failMail(true);
    try {
      expect(await run()).toEqual({ arrivalsAsked: 0, expired: 1, lapsed: 0, completed: 0, published: 0, reminded: 0, meetsReminded: 0, paymentsReminded: 0, noticesPurged: 0 });
    } finally {
      t.failMail(false);
    }
    expect((await storedBooking(t, made[0]!.id)).status).toBe('expired');
    expect(sent.all).toEqual([]);
    const [queued] = await rawRows<{ attempts: number; last_error: string }>(t.database.db, sql`select attempts, last_error from mail_outbox where sent_at is null and to_address = ${made[0]!.email}`);
    expect(queued).toMatchObject({ attempts: 1, last_error: 'mail server unreachable' });
  });

  it('runs once at start-up and stops cleanly', async () => {
    const { made } = await requests(1);
    await age(made[0]!.id, sql`created_at = now() - interval '2 days'`);
    const job = startLifecycleJob({ db: t.database.db, publicUrl: 'https://pawstay.example', testMode: true, log, everyMs: 3_600_000 });
    await job.stop();
    expect((await storedBooking(t, made[0]!.id)).status).toBe('expired');
  });
});
