import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { recoverySchema } from '../../../domain/contracts/payout';
import { instantColumn, iso, queryRows } from '../../db/rows';

// The payouts' SQL (decision 024): a host's tax profile, payout account and payouts.

const taxRow = z.object({ gstin: z.string().nullable(), pan: z.string().nullable() });

export async function selectTaxProfile(db: Db, hostId: string) {
  return (await queryRows(db, taxRow, sql`select gstin, pan from host_tax_profiles where user_id = ${hostId}`))[0];
}

export const upsertTaxProfile = (db: Db, hostId: string, p: { gstin: string | null; pan: string }) =>
  db.execute(sql`
    insert into host_tax_profiles (user_id, gstin, pan) values (${hostId}, ${p.gstin}, ${p.pan})
    on conflict (user_id) do update set gstin = excluded.gstin, pan = excluded.pan, updated_at = now()
  `);

const accountRow = z.object({
  kind: z.enum(['bank', 'upi']),
  holder_name: z.string(),
  last4: z.string(),
  status: z.enum(['pending', 'linked', 'failed']),
  problem: z.string().nullable(),
});

/** The host's payout account as it may be shown: never its number; the provider's reason only when it refused it. */
export async function selectPayoutAccount(db: Db, hostId: string) {
  return (await queryRows(db, accountRow, sql`
    select kind, holder_name, last4, link_status as status, case when link_status = 'failed' then link_error end as problem
    from payout_accounts where user_id = ${hostId}
  `))[0];
}

const payoutRow = z.object({
  booking_id: z.string(),
  listing_title: z.string(),
  guest_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  amount_paise: z.number().int(),
  status: z.enum(['held', 'paid', 'reversed']),
  release_at: instantColumn,
  paid_at: instantColumn.nullable(),
  reference: z.string().nullable(),
  delayed: z.boolean(),
  waits_for: z.enum(['check_in', 'problem']).nullable(),
  taken_back: recoverySchema.nullable(),
});

/** The host's payouts held or paid (not reversed), soonest release first; instants as ISO 8601. */
export async function selectHostPayouts(db: Db, hostId: string) {
  const rows = await queryRows(db, payoutRow, sql`
    select p.booking_id, l.title as listing_title, coalesce(nullif(btrim(g.name), ''), split_part(g.email, '@', 1)) as guest_name,
      b.start_date::text as start_date, b.end_date::text as end_date, p.amount_paise, p.status, p.release_at, p.paid_at, p.reference,
      p.attention_since is not null as delayed,
      -- Why a held payout waits on its stay (the release's rule: payments' payoutWaits).
      case when exists (select 1 from incidents i where i.booking_id = p.booking_id and i.status = 'open') then 'problem'
        when b.status = 'confirmed' then 'check_in' end as waits_for,
      (select json_build_object('amount_paise', pr.amount_paise, 'status', pr.status) from payout_recoveries pr
        where pr.payout_id = p.id order by pr.created_at desc limit 1) as taken_back
    from payouts p join bookings b on b.id = p.booking_id join listings l on l.id = b.listing_id join users g on g.id = b.owner_id
    where p.host_id = ${hostId} and p.status <> 'reversed'
    order by p.release_at, p.id
  `);
  return rows.map((r) => ({ ...r, release_at: iso(r.release_at), paid_at: r.paid_at === null ? null : iso(r.paid_at) }));
}

// Statements and revenue, read from the ledger: what each paid stay's movements (its payment, and
// any refund that changed it) put where. Only movements of a payment carry payment_id; a payout's
// does not, so it is left out of the earnings and shown by the payouts table instead.

/** The first instant of the month `month` (yyyy-MM) in India, and of the next. */
const monthBounds = (month: string) => sql`
  (${month} || '-01')::timestamp at time zone 'Asia/Kolkata',
  ((${month} || '-01')::date + interval '1 month')::timestamp at time zone 'Asia/Kolkata'
`;

const statementStayRow = z.object({
  booking_id: z.string(),
  listing_title: z.string(),
  guest_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  gross_paise: z.number().int(),
  fee_paise: z.number().int(),
  fee_gst_paise: z.number().int(),
  stay_gst_paise: z.number().int(),
  withheld_paise: z.number().int(),
  net_paise: z.number().int(),
});

export type StatementStayRow = z.infer<typeof statementStayRow>;

/**
 * Per stay of the host, what the ledger's movements posted in `month` (India time) did: the
 * guest's money kept (gross), the fee, the GST on it, the stay's GST paid by the operator
 * (section 9(5)), TCS and TDS withheld, and the host's net. A refund in a later month appears
 * there, as negative figures.
 */
export async function selectStatementStays(db: Db, hostId: string, month: string): Promise<StatementStayRow[]> {
  return queryRows(db, statementStayRow, sql`
    with bounds(from_at, to_at) as (select ${monthBounds(month)}),
    moved as (
      select e.booking_id,
        -sum(e.amount_paise) filter (where e.account = 'host_payable') as net,
        -sum(e.amount_paise) filter (where e.account = 'platform_fees') as fee,
        -sum(e.amount_paise) filter (where e.account = 'gst_on_fees') as fee_gst,
        -sum(e.amount_paise) filter (where e.account = 'gst_on_stays') as stay_gst,
        -sum(e.amount_paise) filter (where e.account in ('tcs_payable', 'tds_payable')) as withheld
      from ledger_entries e join bookings b on b.id = e.booking_id join listings l on l.id = b.listing_id, bounds
      where l.host_id = ${hostId} and e.payment_id is not null
        and e.account in ('host_payable', 'platform_fees', 'gst_on_fees', 'gst_on_stays', 'tcs_payable', 'tds_payable')
        and e.created_at >= bounds.from_at and e.created_at < bounds.to_at
      group by e.booking_id
    )
    select m.booking_id, l.title as listing_title, coalesce(nullif(btrim(g.name), ''), split_part(g.email, '@', 1)) as guest_name,
      b.start_date::text as start_date, b.end_date::text as end_date,
      (coalesce(m.net, 0) + coalesce(m.fee, 0) + coalesce(m.fee_gst, 0) + coalesce(m.stay_gst, 0) + coalesce(m.withheld, 0))::int as gross_paise,
      coalesce(m.fee, 0)::int as fee_paise, coalesce(m.fee_gst, 0)::int as fee_gst_paise, coalesce(m.stay_gst, 0)::int as stay_gst_paise,
      coalesce(m.withheld, 0)::int as withheld_paise, coalesce(m.net, 0)::int as net_paise
    from moved m join bookings b on b.id = m.booking_id join listings l on l.id = b.listing_id join users g on g.id = b.owner_id
    order by b.start_date, b.id
  `);
}

const statementPayoutRow = z.object({ booking_id: z.string(), listing_title: z.string(), paid_at: instantColumn, amount_paise: z.number().int(), reference: z.string() });

/** What a statement's payouts section calls a payout's share taken back for a later refund (decision 055). */
export const TAKEN_BACK_REFERENCE = 'Taken back for a refund';

/**
 * The host's payouts paid in `month` (India time), and the parts of paid payouts taken back in it
 * for a refund decided after them (negative, decision 055), in the order they happened.
 */
export async function selectStatementPayouts(db: Db, hostId: string, month: string) {
  const rows = await queryRows(db, statementPayoutRow, sql`
    with bounds(from_at, to_at) as (select ${monthBounds(month)})
    select * from (
      select p.booking_id, l.title as listing_title, p.paid_at, p.amount_paise, p.reference, p.id as tie
      from payouts p join bookings b on b.id = p.booking_id join listings l on l.id = b.listing_id, bounds
      where p.host_id = ${hostId} and p.status = 'paid' and p.paid_at >= bounds.from_at and p.paid_at < bounds.to_at
      union all
      select p.booking_id, l.title, pr.settled_at, -pr.amount_paise, ${TAKEN_BACK_REFERENCE}::text, pr.id
      from payout_recoveries pr join payouts p on p.id = pr.payout_id join bookings b on b.id = p.booking_id join listings l on l.id = b.listing_id, bounds
      where p.host_id = ${hostId} and pr.status = 'recovered' and pr.settled_at >= bounds.from_at and pr.settled_at < bounds.to_at
    ) moved
    order by paid_at, tie
  `);
  return rows.map((r) => ({ ...r, paid_at: iso(r.paid_at) }));
}

/**
 * Whether any money of the host's that `month` (India time) shows moved through the test gateway:
 * a payment or refund of a stay, or a payout, of a booking whose order was the test gateway's.
 */
export async function selectTestMoneyInMonth(db: Db, hostId: string, month: string): Promise<boolean> {
  const [row] = await queryRows(db, z.object({ test: z.boolean() }), sql`
    with bounds(from_at, to_at) as (select ${monthBounds(month)})
    select exists (
      select 1 from payment_orders o join bookings b on b.id = o.booking_id join listings l on l.id = b.listing_id, bounds
      where l.host_id = ${hostId} and o.provider = 'test' and (
        exists (select 1 from ledger_entries e where e.booking_id = b.id and e.payment_id is not null and e.created_at >= bounds.from_at and e.created_at < bounds.to_at)
        or exists (select 1 from payouts p where p.booking_id = b.id and p.status = 'paid' and p.paid_at >= bounds.from_at and p.paid_at < bounds.to_at)
      )
    ) as test
  `);
  return row!.test;
}

const monthRow = z.object({ month: z.string(), net_paise: z.number().int(), stays: z.number().int() });

/**
 * The months (yyyy-MM, India time) with a statement: those in which the host's stays moved money,
 * with their net, and those in which only a payout was made. Newest first.
 */
export async function selectStatementMonths(db: Db, hostId: string) {
  return queryRows(db, monthRow, sql`
    with earned as (
      select to_char(e.created_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
        (-sum(e.amount_paise))::int as net_paise, count(distinct e.booking_id)::int as stays
      from ledger_entries e join bookings b on b.id = e.booking_id join listings l on l.id = b.listing_id
      where l.host_id = ${hostId} and e.payment_id is not null and e.account = 'host_payable'
      group by 1
    ),
    paid as (
      select distinct to_char(p.paid_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month
      from payouts p where p.host_id = ${hostId} and p.status = 'paid'
      union
      select to_char(pr.settled_at at time zone 'Asia/Kolkata', 'YYYY-MM')
      from payout_recoveries pr join payouts p on p.id = pr.payout_id where p.host_id = ${hostId} and pr.status = 'recovered'
    )
    select coalesce(earned.month, paid.month) as month, coalesce(earned.net_paise, 0) as net_paise, coalesce(earned.stays, 0) as stays
    from earned full join paid on paid.month = earned.month
    order by 1 desc
  `);
}

const hostRow = z.object({ name: z.string(), email: z.string(), gstin: z.string().nullable(), pan: z.string().nullable() });

/** Who a statement is for: the host's name, e-mail and tax identity as they are now. */
export async function selectStatementHost(db: Db, hostId: string) {
  return (
    await queryRows(db, hostRow, sql`
      select coalesce(nullif(btrim(u.name), ''), split_part(u.email, '@', 1)) as name, u.email, tp.gstin, tp.pan
      from users u left join host_tax_profiles tp on tp.user_id = u.id where u.id = ${hostId}
    `)
  )[0]!;
}
