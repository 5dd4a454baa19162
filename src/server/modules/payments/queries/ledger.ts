import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { balanced, type LedgerLine } from '../../../../domain/money/ledger';

// The payments' SQL (decision 024): the ledger's writes and its own check.

/** One movement: rows that sum to zero (refused otherwise), for one booking. */
export async function insertLedgerMovement(
  tx: Db,
  m: { bookingId: string; lines: LedgerLine[]; paymentId?: string; refundId?: string },
): Promise<void> {
  const movement = randomUUID();
  const values = balanced(m.lines).map(
    (l) => sql`(${m.bookingId}::uuid, ${movement}::uuid, ${l.account}, ${l.amountPaise}, ${m.paymentId ?? null}::uuid, ${m.refundId ?? null}::uuid)`,
  );
  await tx.execute(sql`
    insert into ledger_entries (booking_id, movement, account, amount_paise, payment_id, refund_id)
    values ${sql.join(values, sql`, `)}
  `);
}

// The ledger's own check (npm run ledger:check).

const problemRow = z.object({ kind: z.string(), ref: z.string(), detail: z.string() });

/**
 * Everything wrong with the ledger, or nothing: a movement or a booking whose rows do not sum to
 * zero, and a booking whose ledger disagrees with its payments, refunds and payouts (the money at
 * the provider, the refunds owed, the host's share held or owed back). Every booking with any of these is
 * compared, not only those with ledger rows: money recorded and never posted is the gap to find.
 */
export function selectLedgerProblems(db: Db) {
  return queryRows(db, problemRow, sql`
    select 'movement' as kind, movement::text as ref, 'sums to ' || sum(amount_paise) as detail
    from ledger_entries group by movement having sum(amount_paise) <> 0
    union all
    select 'booking', booking_id::text, 'sums to ' || sum(amount_paise)
    from ledger_entries group by booking_id having sum(amount_paise) <> 0
    union all
    select 'booking', b.id::text, format('%s is %s in the ledger, %s in the records', x.account, x.ledger, x.records)
    from bookings b
    cross join lateral (
      select 'provider_cash' as account,
        (select coalesce(sum(amount_paise), 0) from ledger_entries e where e.booking_id = b.id and e.account = 'provider_cash') as ledger,
        (select coalesce(sum(amount_paise), 0) from payments p where p.booking_id = b.id and p.status = 'captured')
          - (select coalesce(sum(amount_paise), 0) from refunds r where r.booking_id = b.id and r.status = 'processed')
          - (select coalesce(sum(amount_paise), 0) from payouts o where o.booking_id = b.id and o.status = 'paid')
          + (select coalesce(sum(pr.amount_paise), 0) from payout_recoveries pr join payouts o on o.id = pr.payout_id where o.booking_id = b.id and pr.status = 'recovered') as records
      union all
      select 'refunds_payable',
        (select coalesce(sum(amount_paise), 0) from ledger_entries e where e.booking_id = b.id and e.account = 'refunds_payable'),
        -(select coalesce(sum(amount_paise), 0) from refunds r where r.booking_id = b.id and r.status <> 'processed')
      union all
      select 'host_payable',
        (select coalesce(sum(amount_paise), 0) from ledger_entries e where e.booking_id = b.id and e.account = 'host_payable'),
        -(select coalesce(sum(amount_paise), 0) from payouts o where o.booking_id = b.id and o.status = 'held')
          -- What a host owes back of a paid payout (decision 055) is a debit until recovered.
          + (select coalesce(sum(pr.amount_paise), 0) from payout_recoveries pr join payouts o on o.id = pr.payout_id where o.booking_id = b.id and pr.status in ('due', 'owed'))
    ) x
    where b.id in (
        select booking_id from ledger_entries
        union select booking_id from payments where status = 'captured'
        union select booking_id from refunds
        union select booking_id from payouts
      )
      and x.ledger <> x.records
  `);
}

/** How much the ledger holds: rows and bookings. */
export async function countLedger(db: Db) {
  return (await queryRows(db, z.object({ rows: z.number().int(), bookings: z.number().int() }), sql`
    select count(*)::int as rows, count(distinct booking_id)::int as bookings from ledger_entries
  `))[0]!;
}
