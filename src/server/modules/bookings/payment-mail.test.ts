import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDateRange } from '../../../domain/dates';
import { formatInr } from '../../../domain/money/units';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { sendDueRefunds } from '../payments/refunds';
import { payForStay } from '../payments/test-support';
import { remindUnpaidStays, settleDueBookings } from './lifecycle';
import { addPet, api, inDays } from './test-support';

// Who is told of each step of a paid stay (issue 21, PRODUCT.md section 7). The guest hears of
// every step. The host hears of what they did not do themselves and must act on or plan around
// (the guest paid, did not pay in time, or cancelled) and gets their own record of a cancellation
// of theirs, which counts against them, with what the guest gets back. Their own accept needs no
// e-mail (the page says it; the stay's next step does), and a refund reaching the guest's bank is
// no news to them (they were told the amount when the stay was cancelled). Every one is queued in
// the outbox by the transaction that makes the change (mail/outbox.ts). The app runs in test mode
// here, so those about money say so first, in the subject and the first line (decision 040); the
// others are as they always are.

const quiet = { warn() {}, error() {}, info() {} };
const PUBLIC_URL = 'http://localhost:3000';
const TEST = '[Test mode] ';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A test-mode mail's text: the notice first, then `part` somewhere. */
const marked = (part: string) => expect.stringMatching(new RegExp(`^Test mode: no real money moves\\.\\n\\n[\\s\\S]*${escape(part)}`));

describe('the e-mails of a paid stay, to the guest and to the host', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;

  /** A new host's listing and a new guest (named) asking for days 10-13, accepted by the host unless told not to. */
  async function stay(opts: { accept?: boolean } = {}) {
    n++;
    const [hostEmail, guestEmail] = [`pm-host${n}@example.com`, `pm-guest${n}@example.com`];
    const host = await signIn(t, hostEmail);
    const listing = await createListing(t, host, { title: `Courtyard home in Maninagar no. ${n}`, cancellation_policy: 'moderate' });
    const guest = await signIn(t, guestEmail);
    await call('PATCH', '/api/me', guest, { name: 'Nisha Patel', phone: '' });
    await addPet(t, guest, { name: `Pet${n}`, size: 's' });
    const created = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(10), toDate: inDays(13), size: 'small' });
    if (created.statusCode !== 201) throw new Error(created.body);
    const booking = created.json() as { id: string; total_inr: number };
    if (opts.accept !== false) expect((await call('POST', `/api/bookings/${booking.id}/accept`, host)).statusCode).toBe(200);
    const dates = formatDateRange(inDays(10), inDays(13));
    return { host, guest, booking, hostEmail, guestEmail, title: listing.title, dates };
  }

  /**
   * The booking's e-mails in the outbox (sent ones are kept there), queued after the first `since`;
   * those of one transaction share its time, so they come in the order of their addresses.
   */
  async function queued(bookingId: string, since = 0) {
    const rows = await rawRows<{ to_address: string; subject: string; text_body: string }>(t.database.db, sql`
      select to_address, subject, text_body from mail_outbox where about = ${`booking ${bookingId}`} order by created_at, to_address
    `);
    return rows.slice(since).map((r) => ({ to: r.to_address, subject: r.subject, text: r.text_body }));
  }
  const count = async (bookingId: string) => (await queued(bookingId)).length;

  it('accepting asks the guest to pay; the host, who just accepted, is not mailed', async () => {
    const s = await stay({ accept: false });
    const before = await count(s.booking.id);
    expect((await call('POST', `/api/bookings/${s.booking.id}/accept`, s.host)).statusCode).toBe(200);
    expect(await queued(s.booking.id, before)).toEqual([
      { to: s.guestEmail, subject: `${TEST}Accepted: pay to confirm your stay at ${s.title}`, text: marked(`Pay ${formatInr(s.booking.total_inr)} by `) },
    ]);
  });

  it('the payment confirms the stay: both are told', async () => {
    const s = await stay();
    const before = await count(s.booking.id);
    await payForStay(t, s.guest, s.booking.id);
    expect(await queued(s.booking.id, before)).toEqual([
      { to: s.guestEmail, subject: `${TEST}Confirmed: your stay at ${s.title}`, text: marked(`We received your payment of ${formatInr(s.booking.total_inr)}`) },
      { to: s.hostEmail, subject: `${TEST}Confirmed: ${s.title}, ${s.dates}`, text: marked(`Nisha Patel paid for their stay at ${s.title} (${s.dates}). The stay is confirmed.`) },
    ]);
  });

  it('no payment by the deadline: both are told, and the host that the nights are free', async () => {
    const s = await stay();
    const before = await count(s.booking.id);
    const [mine] = (await call('GET', '/api/bookings', s.guest)).json().results;
    await settleDueBookings(t.database.db, { publicUrl: PUBLIC_URL, testMode: true }, inDays(0), new Date(mine.payment_due_at));
    expect(await queued(s.booking.id, before)).toEqual([
      { to: s.guestEmail, subject: `Not paid in time: your stay at ${s.title}`, text: expect.any(String) },
      { to: s.hostEmail, subject: `Not paid in time: ${s.title}, ${s.dates}`, text: expect.stringContaining('so the nights are free again for other guests') },
    ]);
  });

  it('the guest cancels a paid stay: the host is told as well as the guest', async () => {
    const s = await stay();
    await payForStay(t, s.guest, s.booking.id);
    const before = await count(s.booking.id);
    expect((await call('POST', `/api/bookings/${s.booking.id}/cancel`, s.guest)).statusCode).toBe(200);
    expect(await queued(s.booking.id, before)).toEqual([
      { to: s.guestEmail, subject: `${TEST}Cancelled: your stay at ${s.title}`, text: marked('will be refunded to the account you paid from') },
      { to: s.hostEmail, subject: `Cancelled: ${s.title}, ${s.dates}`, text: expect.stringContaining(`Nisha Patel cancelled their confirmed stay at ${s.title} (${s.dates}).`) },
    ]);
  });

  it('the host cancels a paid stay: the guest is told, and the host gets their own record with the full refund', async () => {
    const s = await stay();
    await payForStay(t, s.guest, s.booking.id);
    const before = await count(s.booking.id);
    expect((await call('POST', `/api/host/bookings/${s.booking.id}/cancel`, s.host)).statusCode).toBe(200);
    const refund = formatInr(s.booking.total_inr);
    expect(await queued(s.booking.id, before)).toEqual([
      { to: s.guestEmail, subject: `${TEST}The host cancelled your stay at ${s.title}`, text: marked(`You get everything back: ${refund} will be refunded`) },
      {
        to: s.hostEmail,
        subject: `${TEST}You cancelled: ${s.title}, ${s.dates}`,
        text: `Test mode: no real money moves.\n\nYou cancelled Nisha Patel's stay at ${s.title} (${s.dates}); the nights are free again for other guests. Nisha Patel is refunded ${refund} in full. A cancellation by the host is recorded against the host.\n\nYour booking requests: ${PUBLIC_URL}/host?tab=requests\n`,
      },
    ]);
    // What the outbox sent: the host's copy reached the host.
    expect(t.mail.filter((m) => m.to === s.hostEmail).at(-1)!.subject).toBe(`${TEST}You cancelled: ${s.title}, ${s.dates}`);
  });

  it('the host cancels a stay still awaiting payment: the host is told that nothing was charged', async () => {
    const s = await stay();
    const before = await count(s.booking.id);
    expect((await call('POST', `/api/host/bookings/${s.booking.id}/cancel`, s.host)).statusCode).toBe(200);
    expect(await queued(s.booking.id, before)).toEqual([
      { to: s.guestEmail, subject: `${TEST}The host cancelled your stay at ${s.title}`, text: marked('Nothing was charged.') },
      { to: s.hostEmail, subject: `${TEST}You cancelled: ${s.title}, ${s.dates}`, text: marked('Nisha Patel had not been charged, so nothing is refunded.') },
    ]);
  });

  it('a processed refund is news to the guest only', async () => {
    const s = await stay();
    await payForStay(t, s.guest, s.booking.id);
    expect((await call('POST', `/api/host/bookings/${s.booking.id}/cancel`, s.host)).statusCode).toBe(200);
    const before = await count(s.booking.id);
    await sendDueRefunds({ db: t.database.db, payments: t.app.payments, publicUrl: PUBLIC_URL, log: quiet });
    await t.app.payments.webhooks!.deliver(quiet); // refund.processed
    expect(await queued(s.booking.id, before)).toEqual([
      { to: s.guestEmail, subject: `${TEST}Refund processed: ${s.title}`, text: marked(`Your refund of ${formatInr(s.booking.total_inr)} has been processed.`) },
    ]);
  });

  it('reminds the guest of an unpaid stay once, 4 hours before the deadline, whichever process runs the job', async () => {
    const s = await stay();
    const before = await count(s.booking.id);
    const [stored] = await rawRows<{ payment_due_at: string }>(t.database.db, sql`select payment_due_at::text from bookings where id = ${s.booking.id}`);
    const due = new Date(stored!.payment_due_at).getTime();
    const config = { publicUrl: PUBLIC_URL, testMode: true };
    const at = (hoursBefore: number) => new Date(due - hoursBefore * 3_600_000);
    expect(await remindUnpaidStays(t.database.db, config, at(4.1))).toBe(0);
    const runs = await Promise.all([1, 2, 3].map(() => remindUnpaidStays(t.database.db, config, at(3.9))));
    expect(runs.reduce((a, b) => a + b)).toBe(1);
    expect(await queued(s.booking.id, before)).toEqual([
      { to: s.guestEmail, subject: `${TEST}Reminder: pay soon to keep your stay at ${s.title}`, text: marked(`Pay ${formatInr(s.booking.total_inr)} by `) },
    ]);
    const notices = (await call('GET', '/api/notifications', s.guest)).json().items;
    expect(notices[0]).toMatchObject({ kind: 'payment_due_soon', params: { booking_id: s.booking.id, amount_paise: s.booking.total_inr * 100 } });
    expect(await remindUnpaidStays(t.database.db, config, at(1))).toBe(0);
    // A job catching up in the last minutes before the deadline sends none.
    const late = await stay();
    const [lateRow] = await rawRows<{ payment_due_at: string }>(t.database.db, sql`select payment_due_at::text from bookings where id = ${late.booking.id}`);
    expect(await remindUnpaidStays(t.database.db, config, new Date(new Date(lateRow!.payment_due_at).getTime() - 10 * 60_000))).toBe(0);
    // A paid stay is never reminded.
    await payForStay(t, late.guest, late.booking.id);
    expect(await remindUnpaidStays(t.database.db, config, new Date(Date.now() + 23 * 3_600_000))).toBe(0);
  });
});

