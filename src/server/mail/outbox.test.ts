import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../test/rows';
import { useTestApp } from '../test/app';
import { type MailMessage, type Mailer, messageIdOf } from './mailer';
import { deliverQueuedMail, OUTBOX_POLICY, purgeSentMail, queueMail, startMailOutbox } from './outbox';

// The outbox's own rules, with a mailer of the test's own; the features that queue mail test
// what they queue (bookings, lifecycle, contact).

describe('the mail outbox', () => {
  const t = useTestApp();
  const sent: MailMessage[] = [];
  let down = false;
  const mailer: Mailer = {
    async send(message) {
      if (down) throw new Error('connection refused');
      sent.push(message);
    },
    close() {},
  };
  const logged: string[] = [];
  const log = {
    error: (_: unknown, msg: string) => void logged.push(`error: ${msg}`),
    warn: (_: unknown, msg: string) => void logged.push(`warn: ${msg}`),
  } as unknown as Pick<FastifyBaseLogger, 'error' | 'warn'>;
  const deliver = () => deliverQueuedMail(t.database.db, mailer, log);
  const mail = (n: number): MailMessage => ({ to: `guest${n}@example.com`, subject: `Mail ${n}`, text: `Text ${n}`, html: `<p>Text ${n}</p>` });
  const rows = () =>
    rawRows<{ id: string; subject: string; attempts: number; sent_at: Date | null; last_error: string | null; wait_seconds: number }>(
      t.database.db,
      sql`select id, subject, attempts, sent_at, last_error, extract(epoch from next_attempt_at - now())::float8 as wait_seconds from mail_outbox order by subject`,
    );

  beforeEach(async () => {
    await t.database.db.execute(sql`delete from mail_outbox`);
    sent.length = 0;
    logged.length = 0;
    down = false;
  });

  it('queues with the transaction: a rolled-back change sends nothing, a committed one is sent once', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueMail(tx, mail(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.database.db.transaction((tx) => queueMail(tx, { ...mail(2), replyTo: 'asha@example.com' }, 'booking 42'));
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    // With the row's id: its Message-ID, the same should it ever be sent again.
    expect(sent).toEqual([{ ...mail(2), replyTo: 'asha@example.com', id: (await rows())[0]!.id }]);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect((await rows())[0]!.sent_at).not.toBeNull();
  });

  it('keeps a mail the server refused, and sends it when its retry is due', async () => {
    await queueMail(t.database.db, mail(1));
    down = true;
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, last_error: 'connection refused' });
    // The first retry waits a minute.
    expect(failed!.wait_seconds).toBeGreaterThan(50);
    expect(failed!.wait_seconds).toBeLessThanOrEqual(60);
    expect(logged).toEqual(['warn: mail not sent; will retry']);
    down = false;
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect((await rows())[0]).toMatchObject({ attempts: 2, last_error: null });
  });

  it(`gives up after ${OUTBOX_POLICY.maxAttempts} attempts, and says so in the log`, async () => {
    await queueMail(t.database.db, mail(1));
    await t.database.db.execute(sql`update mail_outbox set attempts = ${OUTBOX_POLICY.maxAttempts - 1}`);
    down = true;
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(logged).toEqual(['error: mail given up after the last attempt']);
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    down = false;
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
  });

  it('gives each mail a Message-ID on the sender\'s domain', () => {
    expect(messageIdOf('0b9c', 'PawStay <no-reply@pawstay.in>')).toBe('<0b9c@pawstay.in>');
    expect(messageIdOf('0b9c', 'alerts@mail.example.org')).toBe('<0b9c@mail.example.org>');
  });

  it('sends each mail once when several processes deliver at the same time', async () => {
    for (let i = 0; i < 35; i++) await queueMail(t.database.db, mail(i));
    const results = await Promise.all([deliver(), deliver(), deliver()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(35);
    expect(sent.map((m) => m.subject).sort()).toEqual(Array.from({ length: 35 }, (_, i) => `Mail ${i}`).sort());
  });

  it('leaves a mail another sender has taken alone until its lease runs out', async () => {
    await queueMail(t.database.db, mail(1));
    // Taken by a sender that then died: attempts counted, next attempt pushed out by the lease.
    await t.database.db.execute(sql`update mail_outbox set attempts = 1, next_attempt_at = now() + make_interval(secs => ${OUTBOX_POLICY.leaseSeconds})`);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 second'`);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
  });

  it(`sends at most ${OUTBOX_POLICY.concurrency} at once, leaving the SMTP pool room for sign-in codes`, async () => {
    for (let i = 0; i < 12; i++) await queueMail(t.database.db, mail(i));
    let inFlight = 0;
    let most = 0;
    const slow: Mailer = {
      async send(message) {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        sent.push(message);
      },
      close() {},
    };
    expect(await deliverQueuedMail(t.database.db, slow, log)).toEqual({ sent: 12, failed: 0 });
    expect(most).toBe(OUTBOX_POLICY.concurrency);
  });

  it('a sender that outlived its lease cannot overwrite what the next sender recorded', async () => {
    await queueMail(t.database.db, mail(1));
    let fail!: (err: Error) => void;
    const hung: Mailer = {
      send: () =>
        new Promise<void>((_, reject) => {
          fail = reject;
        }),
      close() {},
    };
    const first = deliverQueuedMail(t.database.db, hung, log);
    await expect.poll(() => typeof fail).toBe('function');
    // Meanwhile the lease ran out, another sender took the mail and sent it.
    await t.database.db.execute(sql`update mail_outbox set attempts = attempts + 1, sent_at = now()`);
    fail(new Error('timed out at last'));
    expect(await first).toEqual({ sent: 0, failed: 1 });
    expect((await rows())[0]).toMatchObject({ attempts: 2, last_error: null });
    expect((await rows())[0]!.sent_at).not.toBeNull();
  });

  it(`deletes sent mail after ${OUTBOX_POLICY.keepSentDays} days, and nothing unsent`, async () => {
    for (let i = 0; i < 3; i++) await queueMail(t.database.db, mail(i));
    await deliver();
    await t.database.db.execute(sql`update mail_outbox set sent_at = now() - interval '8 days' where subject = 'Mail 0'`);
    await t.database.db.execute(sql`update mail_outbox set sent_at = null, created_at = now() - interval '30 days' where subject = 'Mail 1'`);
    expect(await purgeSentMail(t.database.db)).toBe(1);
    expect((await rows()).map((r) => r.subject)).toEqual(['Mail 1', 'Mail 2']);
  });

  it('the worker sends a queued mail at once, woken by the notification', async () => {
    const worker = await startMailOutbox({ database: t.database, mailer, log: { ...log, info() {} } as unknown as FastifyBaseLogger });
    try {
      // Let the start-up run finish, so that only the notification can send the next one.
      await expect.poll(() => sent.length).toBe(0);
      await t.database.db.transaction((tx) => queueMail(tx, mail(7)));
      await expect.poll(() => sent.map((m) => m.subject), { timeout: 5_000 }).toEqual(['Mail 7']);
    } finally {
      await worker.stop();
    }
  });
});
