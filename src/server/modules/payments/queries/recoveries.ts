import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import type { RecoveryStatus } from '../../../../domain/contracts/payout';
import { iso, queryRows } from '../../../db/rows';
import { queuedMoneyRow, type QueuedMoneyRow } from './payouts';

// The payments' SQL (decision 024): what hosts give back of payouts already paid (decision 055).

/** A refund decided after the payout was paid: the host's share of it, due back from them. */
export const insertRecovery = (tx: Db, r: { payoutId: string; refundId: string; amountPaise: number }) =>
  tx.execute(sql`
    insert into payout_recoveries (payout_id, refund_id, amount_paise)
    values (${r.payoutId}, ${r.refundId}, ${r.amountPaise})
    on conflict (refund_id) do nothing
  `);

/** A refund after the payout was paid changes the stay's value the guest keeps (section 194-O's gross), not what was paid. */
export const updatePaidPayoutStay = (tx: Db, id: string, stayPaise: number) =>
  tx.execute(sql`update payouts set stay_paise = ${stayPaise}, updated_at = now() where id = ${id} and status = 'paid'`);

const dueRecoveryRow = z.object({
  id: z.string(),
  amount_paise: z.number().int(),
  /** Refused before (owed, then due again): the host was told then, and is not told again. */
  refused_before: z.boolean(),
  booking_id: z.string(),
  host_id: z.string(),
  host_email: z.string(),
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});

/** The booking's recoveries still due, locked until `tx` ends (after the booking's lock), with what the host's e-mail says. */
export const lockDueRecoveries = (tx: Db, bookingId: string) =>
  queryRows(tx, dueRecoveryRow, sql`
    select r.id, r.amount_paise, r.settled_at is not null as refused_before, p.booking_id, p.host_id, h.email as host_email, l.title as listing_title,
      b.start_date::text as start_date, b.end_date::text as end_date
    from payout_recoveries r
    join payouts p on p.id = r.payout_id
    join bookings b on b.id = p.booking_id
    join listings l on l.id = b.listing_id
    join users h on h.id = p.host_id
    where p.booking_id = ${bookingId} and r.status = 'due'
    order by r.created_at, r.id
    for update of r
  `);

/** Recovered from the host's linked account, or owed (the provider's reason kept for an operator). */
export const markRecovery = (tx: Db, id: string, status: Exclude<RecoveryStatus, 'due'>, providerError: string | null) =>
  tx.execute(sql`
    update payout_recoveries set status = ${status}, provider_error = ${providerError?.slice(0, 500) ?? null}, updated_at = now(),
      -- Owed since the first refusal: the queue's "since" does not move with each retry.
      settled_at = ${status === 'owed' ? sql`coalesce(settled_at, now())` : sql`now()`}
    where id = ${id} and status = 'due'
  `);

/**
 * The stays whose recoveries are due (again) and whose refund's job is past them (it takes the
 * first try itself, before the refund goes), due by `dueBy`, leased for `leaseSeconds` so that no
 * other process tries them meanwhile.
 */
export async function leaseDueRecoveries(db: Db, dueBy: Date, limit: number, leaseSeconds: number): Promise<{ booking_id: string; attempts: number }[]> {
  return queryRows(db, z.object({ booking_id: z.string(), attempts: z.number().int() }), sql`
    with due as (
      select r.id from payout_recoveries r
      join refunds f on f.id = r.refund_id
      join payouts p on p.id = r.payout_id
      where r.status = 'due' and r.next_attempt_at <= ${dueBy.toISOString()}::timestamptz and f.status <> 'queued'
        -- Any refund of the stay still queued matches its transfer itself (refunds.ts): not both at once.
        and not exists (select 1 from refunds q where q.booking_id = p.booking_id and q.status = 'queued')
      order by r.next_attempt_at
      limit ${limit}
      for update of r skip locked
    ), leased as (
      update payout_recoveries r set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), attempts = r.attempts + 1, updated_at = now()
      from due where r.id = due.id
      returning r.payout_id, r.attempts
    )
    select distinct on (p.booking_id) p.booking_id, leased.attempts
    from leased join payouts p on p.id = leased.payout_id
    order by p.booking_id, leased.attempts desc
  `);
}

/** The provider could not be reached: the stay's due recoveries are tried again after `retrySeconds`. */
export const delayDueRecoveries = (db: Db, bookingId: string, error: string, retrySeconds: number) =>
  db.execute(sql`
    update payout_recoveries r set provider_error = ${error.slice(0, 500)}, next_attempt_at = now() + make_interval(secs => ${retrySeconds}), updated_at = now()
    from payouts p where p.id = r.payout_id and p.booking_id = ${bookingId} and r.status = 'due'
  `);

/**
 * A payout of the host was just released: the money is in their linked account until the
 * provider settles it to their bank, so what they owe is tried again (decision 055).
 */
export async function reopenOwedRecoveriesOfHost(db: Db, hostId: string): Promise<void> {
  await db.execute(sql`
    with owed as (
      -- In one order, so that two releases for the host at once cannot lock them crosswise. A
      -- payout paid without a transfer of ours has nothing to reverse: it waits for an operator.
      select r.id from payout_recoveries r join payouts p on p.id = r.payout_id
      where p.host_id = ${hostId} and r.status = 'owed' and p.transfer_id is not null
      order by r.id
      for update of r
    )
    update payout_recoveries r set status = 'due', next_attempt_at = now(), updated_at = now()
    from owed where r.id = owed.id
  `);
}

const owedOut = (r: z.infer<typeof queuedMoneyRow>): QueuedMoneyRow => ({ ...r, since: iso(r.since) });

const owedSelect = sql`
  select r.id, p.booking_id, r.amount_paise, coalesce(r.provider_error, '') as problem, r.settled_at as since,
    p.host_id, h.email as host_email, h.name as host_name, l.title as listing_title, b.start_date::text as start_date, b.end_date::text as end_date
  from payout_recoveries r
  join payouts p on p.id = r.payout_id join bookings b on b.id = p.booking_id join listings l on l.id = b.listing_id join users h on h.id = p.host_id`;

/** What hosts owe back that the provider would not give (the operators' queue), the longest owed first. */
export const selectOwedRecoveries = async (db: Db) =>
  (await queryRows(db, queuedMoneyRow, sql`${owedSelect} where r.status = 'owed' order by r.settled_at, r.id limit 200`)).map(owedOut);

/** An operator asks for an owed recovery to be tried again: due now, for the payments job. Answers it, or nothing when it is not owed. */
export async function reopenOwedRecovery(tx: Db, id: string): Promise<QueuedMoneyRow | undefined> {
  const [row] = await queryRows(tx, queuedMoneyRow, sql`${owedSelect} where r.id = ${id} and r.status = 'owed' for update of r`);
  if (!row) return undefined;
  await tx.execute(sql`update payout_recoveries set status = 'due', next_attempt_at = now(), updated_at = now() where id = ${id}`);
  return owedOut(row);
}
