import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { instantColumn, iso, lockNamed, queryRows } from '../../../db/rows';
import { stayPaymentOf } from './stay-payment';

// The payments' SQL (decision 024): payouts, their Route transfers and those that need a person.

// Payouts (decision 028).

/**
 * Whether payout `p` (an alias) is paid by a direct transfer from the balance (decision 039): once
 * chosen, always; otherwise when a refund of its stay's payment has reached the provider, or may
 * have (its job has taken it), since Route refuses a transfer from a payment refunded in part.
 */
const paidDirectly = (p: SQL) => sql`(${p}.direct_since is not null or exists (
  select 1 from refunds r join payments rp on rp.id = r.payment_id
  where rp.provider_payment_id = ${stayPaymentOf(sql`${p}.booking_id`)} and (r.status <> 'queued' or r.attempts > 0)
))`;

const payoutRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  host_id: z.string(),
  amount_paise: z.number().int(),
  host_gstin: z.string().nullable(),
  host_pan: z.string().nullable(),
  tds_exempt: z.boolean(),
  paid_on: z.string(),
  release_at: instantColumn,
  status: z.enum(['held', 'paid', 'reversed']),
});

export type PayoutRow = z.infer<typeof payoutRow>;

/** The host's money for a paid stay, held until `releaseAt`, with the stay's value and its TDS status. */
export async function insertPayout(
  tx: Db,
  p: {
    bookingId: string;
    hostId: string;
    amountPaise: number;
    stayPaise: number;
    hostGstin: string | null;
    hostPan: string | null;
    tdsExempt: boolean;
    paidOn: string;
    releaseAt: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into payouts (booking_id, host_id, amount_paise, stay_paise, host_gstin, host_pan, tds_exempt, paid_on, release_at)
    values (${p.bookingId}, ${p.hostId}, ${p.amountPaise}, ${p.stayPaise}, ${p.hostGstin}, ${p.hostPan}, ${p.tdsExempt}, ${p.paidOn}::date, ${p.releaseAt.toISOString()}::timestamptz)
  `);
}

/**
 * Holds, until `tx` ends, the lock on the host's gross of a financial year (section 194-O(4)):
 * captures of one host's stays read it and add their stay to it in turn, so that two paid at once
 * cannot both count themselves under the threshold. A capture takes it after its booking's and
 * payment's row locks and before the invoice series' (capture.ts), and no other path takes it: it
 * closes no cycle with a cancellation or a suspension, which lock the host's row and bookings.
 */
export const lockHostYearGross = (tx: Db, hostId: string) => lockNamed(tx, `payouts gross ${hostId}`);

/**
 * The host's gross in the days [from, until): the value their guests keep paid (GST excluded) of
 * their stays paid in those days, as settled and since refunded.
 */
export async function selectHostGrossPaise(tx: Db, hostId: string, days: { from: string; until: string }): Promise<number> {
  const [row] = await queryRows(tx, z.object({ gross: z.coerce.number().int() }), sql`
    select coalesce(sum(stay_paise), 0)::bigint as gross from payouts
    where host_id = ${hostId} and paid_on >= ${days.from}::date and paid_on < ${days.until}::date
  `);
  return row!.gross;
}

/** The booking's payout, locked until `tx` ends (after the booking's lock). */
export async function lockPayoutOfBooking(tx: Db, bookingId: string): Promise<PayoutRow | undefined> {
  return (await queryRows(tx, payoutRow, sql`
    select id, booking_id, host_id, amount_paise, host_gstin, host_pan, tds_exempt, paid_on::text as paid_on, release_at, status
    from payouts where booking_id = ${bookingId} for update
  `))[0];
}

/** A refund changed what the host is owed and the stay's value kept: the new amounts, reversed when nothing is left. */
export const updatePayoutAmount = (tx: Db, id: string, amountPaise: number, stayPaise: number) =>
  tx.execute(sql`
    update payouts set amount_paise = ${amountPaise}, stay_paise = ${stayPaise},
      status = case when ${amountPaise} = 0 then 'reversed' else status end, updated_at = now()
    where id = ${id} and status = 'held'
  `);

/** A held payout whose transfer the provider has released, locked until `tx` ends, with what its e-mail says. */
export async function lockReleasedPayout(tx: Db, id: string) {
  const held = payoutRow.extend({
    transfer_id: z.string(),
    account_kind: z.enum(['bank', 'upi']),
    account_last4: z.string(),
    host_email: z.string(),
    listing_title: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  });
  return (await queryRows(tx, held, sql`
    select p.id, p.booking_id, p.host_id, p.amount_paise, p.host_gstin, p.host_pan, p.tds_exempt, p.paid_on::text as paid_on, p.release_at, p.status,
      p.transfer_id, a.kind as account_kind, a.last4 as account_last4,
      h.email as host_email, l.title as listing_title, b.start_date::text as start_date, b.end_date::text as end_date
    from payouts p join payout_accounts a on a.user_id = p.host_id
      join bookings b on b.id = p.booking_id join listings l on l.id = b.listing_id join users h on h.id = p.host_id
    where p.id = ${id} and p.status = 'held' and p.transfer_id is not null
    for update of p
  `))[0];
}

/** Paid out, with the transfer's reference. */
export const markPayoutPaid = (tx: Db, id: string, reference: string) =>
  tx.execute(sql`update payouts set status = 'paid', reference = ${reference}, paid_at = now(), transfer_error = null, updated_at = now() where id = ${id}`);

// Route (decision 030): each payout account's linked account at the provider, and each payout's
// transfer to it. Jobs take rows by lease (a time before which no other run takes them), so the
// provider is called outside any transaction and a run that dies lets the row go after the lease.

const linkRow = z.object({
  user_id: z.string(),
  kind: z.enum(['bank', 'upi']),
  holder_name: z.string(),
  account_number: z.string().nullable(),
  ifsc: z.string().nullable(),
  upi_id: z.string().nullable(),
  phone: z.string().nullable(),
  link_reference: z.string(),
  link_attempts: z.number().int(),
  email: z.string(),
  pan: z.string().nullable(),
});

export type LinkRow = z.infer<typeof linkRow>;

/** Up to `limit` payout accounts waiting for their linked account (only `hostId`'s, if given). */
export function leaseDueLinks(db: Db, opts: { hostId?: string; limit: number; leaseSeconds: number }) {
  return queryRows(db, linkRow, sql`
    with leased as (
      update payout_accounts set link_attempts = link_attempts + 1, link_next_attempt_at = now() + make_interval(secs => ${opts.leaseSeconds})
      where user_id in (
        select user_id from payout_accounts
        where link_status = 'pending' and link_next_attempt_at <= now() ${opts.hostId ? sql`and user_id = ${opts.hostId}` : sql``}
        order by link_next_attempt_at limit ${opts.limit}
        for update skip locked
      )
      returning user_id, kind, holder_name, account_number, ifsc, upi_id, phone, link_reference, link_attempts
    )
    select leased.*, u.email, t.pan from leased join users u on u.id = leased.user_id left join host_tax_profiles t on t.user_id = leased.user_id
  `);
}

/** The provider's answer for the account as it was leased (a newer save starts again). */
export const markLinked = (db: Db, link: LinkRow, accountId: string) =>
  db.execute(sql`
    update payout_accounts set link_status = 'linked', linked_account_id = ${accountId}, link_error = null
    where user_id = ${link.user_id} and link_reference = ${link.link_reference}::uuid
  `);

export const markLinkFailed = (db: Db, link: LinkRow, error: string) =>
  db.execute(sql`
    update payout_accounts set link_status = 'failed', link_error = ${error.slice(0, 500)}
    where user_id = ${link.user_id} and link_reference = ${link.link_reference}::uuid
  `);

export const markLinkRetry = (db: Db, link: LinkRow, error: string, retryInSeconds: number) =>
  db.execute(sql`
    update payout_accounts set link_error = ${error.slice(0, 500)}, link_next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
    where user_id = ${link.user_id} and link_reference = ${link.link_reference}::uuid and link_status = 'pending'
  `);

const transferDueRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  amount_paise: z.number().int(),
  release_at: instantColumn,
  transfer_attempts: z.number().int(),
  linked_account_id: z.string(),
  provider_payment_id: z.string(),
  /** Set when it is paid by a direct transfer (decision 039): since when one may have been made. */
  direct_since: instantColumn.nullable(),
});

export type TransferDue = z.infer<typeof transferDueRow>;

const releaseDueRow = z.object({
  id: z.string(),
  amount_paise: z.number().int(),
  transfer_id: z.string(),
  transfer_attempts: z.number().int(),
  provider_payment_id: z.string(),
});

/**
 * Whether `booking` (a column) has a problem open (PRODUCT.md section 10): its host's payout waits
 * until an operator resolves it, and may be lowered then (incidents are the stays module's).
 */
const problemOpenOn = (booking: SQL) => sql`exists (select 1 from incidents i where i.booking_id = ${booking} and i.status = 'open')`;

/**
 * Whether the payout of `booking` (a column) must wait: a problem is open on its stay, or the stay
 * is paid but not checked in yet (PRODUCT.md section 10: nothing is paid out on a no-show without
 * an operator; one not checked in by the end of its check-in day gets a no-show, which is a problem
 * open until the late check-in or an operator settles it). A cancelled stay's share is not held.
 */
const payoutWaits = (booking: SQL) =>
  sql`(${problemOpenOn(booking)} or exists (select 1 from bookings wb where wb.id = ${booking} and wb.status = 'confirmed'))`;

/** Up to `limit` held payouts due by `now` whose transfer is made, and whose stay does not hold them (payoutWaits). */
export function leaseDueReleases(db: Db, now: Date, limit: number, leaseSeconds: number) {
  return queryRows(db, releaseDueRow, sql`
    with leased as (
      update payouts set transfer_attempts = transfer_attempts + 1, transfer_next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      where id in (
        select id from payouts
        where status = 'held' and release_at <= ${now.toISOString()}::timestamptz and amount_paise > 0 and transfer_id is not null
          and transfer_next_attempt_at <= now() and attention_since is null
          and not ${payoutWaits(sql.raw('payouts.booking_id'))}
        order by release_at limit ${limit}
        for update skip locked
      )
      returning id, booking_id, amount_paise, transfer_id, transfer_attempts
    )
    select leased.id, leased.amount_paise, leased.transfer_id, leased.transfer_attempts, ${stayPaymentOf(sql.raw('leased.booking_id'))} as provider_payment_id
    from leased
  `);
}

/**
 * Up to `limit` held payouts with no transfer yet, whose host's account is linked and that no
 * operator must look at first. One transferred from its payment is taken at once (held at the
 * provider until its release); one paid directly from the balance only when due by `now` and its
 * stay does not hold it (payoutWaits), as it cannot be held (its `direct_since` is set then, if it was not).
 */
export function leaseDueTransfers(db: Db, limit: number, leaseSeconds: number, now: Date) {
  return queryRows(db, transferDueRow, sql`
    with due as (
      select p.id, ${paidDirectly(sql.raw('p'))} as direct
      from payouts p join payout_accounts a on a.user_id = p.host_id
      where p.status = 'held' and p.transfer_id is null and p.amount_paise > 0 and a.link_status = 'linked' and p.transfer_next_attempt_at <= now()
        and p.attention_since is null
        and (p.release_at <= ${now.toISOString()}::timestamptz and not ${payoutWaits(sql.raw('p.booking_id'))} or not ${paidDirectly(sql.raw('p'))})
      order by p.transfer_next_attempt_at limit ${limit}
      for update of p skip locked
    ), leased as (
      update payouts p set transfer_attempts = p.transfer_attempts + 1, transfer_next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), transfer_error = null,
        direct_since = case when due.direct then coalesce(p.direct_since, now()) end
      from due
      where p.id = due.id
      returning p.id, p.booking_id, p.host_id, p.amount_paise, p.release_at, p.transfer_attempts, p.direct_since
    )
    select leased.id, leased.booking_id, leased.amount_paise, leased.release_at, leased.transfer_attempts, a.linked_account_id,
      ${stayPaymentOf(sql.raw('leased.booking_id'))} as provider_payment_id, leased.direct_since
    from leased join payout_accounts a on a.user_id = leased.host_id
  `);
}

/**
 * The transfer is made: its lease ends, and the release (when due) may call the provider at once.
 * Answers the transfer the payout has: this one, or one another run wrote first.
 */
export async function setPayoutTransfer(db: Db, id: string, transferId: string): Promise<string | undefined> {
  const rows = await queryRows(db, z.object({ transfer_id: z.string() }), sql`
    with written as (
      update payouts set transfer_id = ${transferId}, transfer_error = null, transfer_attempts = 0, transfer_next_attempt_at = now(), updated_at = now()
      where id = ${id} and transfer_id is null
      returning transfer_id
    )
    select transfer_id from written
    union all
    select transfer_id from payouts where id = ${id} and transfer_id is not null and not exists (select 1 from written)
  `);
  return rows[0]?.transfer_id;
}

/** The provider could not make or release the payout's transfer: when to try again, and why. */
export const markTransferRetry = (db: Db, id: string, error: string, retryInSeconds: number) =>
  db.execute(sql`
    update payouts set transfer_error = ${error.slice(0, 500)}, transfer_next_attempt_at = now() + make_interval(secs => ${retryInSeconds}), updated_at = now()
    where id = ${id}
  `);

const payoutTransferRow = z.object({
  id: z.string(),
  amount_paise: z.number().int(),
  status: z.enum(['held', 'paid', 'reversed']),
  transfer_id: z.string().nullable(),
  transfer_attempts: z.number().int(),
  /** A run has taken it to make its transfer, and may be asking the provider now. */
  transfer_in_flight: z.boolean(),
  provider_payment_id: z.string(),
  direct_since: instantColumn.nullable(),
  /** Paid by a direct transfer from the balance, or to be (decision 039). */
  direct: z.boolean(),
  /** Of a paid payout, what refunds since take back from the host (decision 055), but for what the provider refused. */
  taken_back_paise: z.number().int(),
});

/** A payout's transfer as it stands, with what the host is owed now (by the payout's id or its booking's). */
export async function selectPayoutTransfer(db: Db, by: { payoutId: string } | { bookingId: string }) {
  const where = 'payoutId' in by ? sql`p.id = ${by.payoutId}` : sql`p.booking_id = ${by.bookingId}`;
  return (await queryRows(db, payoutTransferRow, sql`
    select p.id, p.amount_paise, p.status, p.transfer_id, p.transfer_attempts,
      (p.transfer_id is null and p.transfer_error is null and p.transfer_attempts > 0 and p.transfer_next_attempt_at > now()) as transfer_in_flight,
      ${stayPaymentOf(sql.raw('p.booking_id'))} as provider_payment_id, p.direct_since, ${paidDirectly(sql.raw('p'))} as direct,
      (select coalesce(sum(r.amount_paise), 0)::int from payout_recoveries r where r.payout_id = p.id and r.status in ('due', 'recovered')) as taken_back_paise
    from payouts p
    where ${where}
  `))[0];
}

// Payouts that need a person (decision 039): the provider refused to pay them, or reports their
// transfer failed. They wait, out of the jobs' reach, in the operators' queue until one retries.

const attentionRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  host_id: z.string(),
  amount_paise: z.number().int(),
  host_email: z.string(),
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});

/**
 * Puts a held payout in the operators' queue with the provider's reason, and forgets a transfer
 * that moved no money (failed, or taken back whole) so that a retry makes a new one. Answers what
 * the host's e-mail needs, or nothing when it was queued already or is no longer held.
 */
export async function markPayoutAttention(tx: Db, id: string, reason: string, forgetTransfer: boolean) {
  return (await queryRows(tx, attentionRow, sql`
    with marked as (
      update payouts set attention_since = now(), transfer_error = ${reason.slice(0, 500)}, updated_at = now()
        ${forgetTransfer ? sql`, transfer_id = null` : sql``}
      where id = ${id} and status = 'held' and attention_since is null
      returning id, booking_id, host_id, amount_paise
    )
    select m.id, m.booking_id, m.host_id, m.amount_paise, h.email as host_email, l.title as listing_title,
      b.start_date::text as start_date, b.end_date::text as end_date
    from marked m join users h on h.id = m.host_id join bookings b on b.id = m.booking_id join listings l on l.id = b.listing_id
  `))[0];
}

/** A stay's money waiting for an operator (a payout, or what a host owes back of one), as the queues read it. */
export const queuedMoneyRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  host_id: z.string(),
  host_email: z.string(),
  host_name: z.string(),
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  amount_paise: z.number().int(),
  since: instantColumn,
  problem: z.string(),
});
export type QueuedMoneyRow = Omit<z.infer<typeof queuedMoneyRow>, 'since'> & { since: string };

const needsPersonRow = queuedMoneyRow.extend({ direct: z.boolean() });

/** The operators' queue of payouts, the longest waiting first. */
export async function selectPayoutsNeedingAttention(db: Db, limit = 200) {
  const rows = await queryRows(db, needsPersonRow, sql`
    select p.id, p.booking_id, p.host_id, h.email as host_email, h.name as host_name, l.title as listing_title,
      b.start_date::text as start_date, b.end_date::text as end_date, p.amount_paise, p.attention_since as since,
      coalesce(p.transfer_error, '') as problem, p.direct_since is not null as direct
    from payouts p join users h on h.id = p.host_id join bookings b on b.id = p.booking_id join listings l on l.id = b.listing_id
    where p.attention_since is not null and p.status = 'held'
    order by p.attention_since, p.id
    limit ${limit}
  `);
  return rows.map((r) => ({ ...r, since: iso(r.since) }));
}

/** A payout in the queue, locked until `tx` ends; undefined when it is not (paid, reversed, or retried already). */
export async function lockPayoutNeedingAttention(tx: Db, id: string) {
  return (await queryRows(tx, z.object({ id: z.string(), host_id: z.string() }), sql`
    select id, host_id from payouts where id = ${id} and status = 'held' and attention_since is not null for update
  `))[0];
}

/** Out of the queue: the jobs take it again at their next run, as a new payout. */
export const clearPayoutAttention = (tx: Db, id: string) =>
  tx.execute(sql`
    update payouts set attention_since = null, transfer_error = null, transfer_attempts = 0, transfer_next_attempt_at = now(), updated_at = now()
    where id = ${id}
  `);

// Payout accounts as their host saves them (payouts' screen); linked at the provider by transfers.ts.

export type NewPayoutAccount = { kind: 'bank' | 'upi'; holderName: string; accountNumber: string | null; ifsc: string | null; upiId: string | null; last4: string; phone: string };

/** Saves the account; each save is a new linked account to make at the provider (decision 030). */
export const upsertPayoutAccount = (db: Db, hostId: string, a: NewPayoutAccount) =>
  db.execute(sql`
    insert into payout_accounts (user_id, kind, holder_name, account_number, ifsc, upi_id, last4, phone)
    values (${hostId}, ${a.kind}, ${a.holderName}, ${a.accountNumber}, ${a.ifsc}, ${a.upiId}, ${a.last4}, ${a.phone})
    on conflict (user_id) do update set kind = excluded.kind, holder_name = excluded.holder_name, account_number = excluded.account_number,
      ifsc = excluded.ifsc, upi_id = excluded.upi_id, last4 = excluded.last4, phone = excluded.phone, updated_at = now(),
      link_status = 'pending', linked_account_id = null, link_error = null, link_reference = gen_random_uuid(),
      link_attempts = 0, link_next_attempt_at = now()
  `);
