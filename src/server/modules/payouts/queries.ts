import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
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

const accountRow = z.object({ kind: z.enum(['bank', 'upi']), holder_name: z.string(), last4: z.string() });

/** The host's payout account as it may be shown: never its number. */
export async function selectPayoutAccount(db: Db, hostId: string) {
  return (await queryRows(db, accountRow, sql`select kind, holder_name, last4 from payout_accounts where user_id = ${hostId}`))[0];
}

export type NewPayoutAccount = { kind: 'bank' | 'upi'; holderName: string; accountNumber: string | null; ifsc: string | null; upiId: string | null; last4: string };

export const upsertPayoutAccount = (db: Db, hostId: string, a: NewPayoutAccount) =>
  db.execute(sql`
    insert into payout_accounts (user_id, kind, holder_name, account_number, ifsc, upi_id, last4)
    values (${hostId}, ${a.kind}, ${a.holderName}, ${a.accountNumber}, ${a.ifsc}, ${a.upiId}, ${a.last4})
    on conflict (user_id) do update set kind = excluded.kind, holder_name = excluded.holder_name, account_number = excluded.account_number,
      ifsc = excluded.ifsc, upi_id = excluded.upi_id, last4 = excluded.last4, updated_at = now()
  `);

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
});

/** The host's payouts held or paid (not reversed), soonest release first; instants as ISO 8601. */
export async function selectHostPayouts(db: Db, hostId: string) {
  const rows = await queryRows(db, payoutRow, sql`
    select p.booking_id, l.title as listing_title, coalesce(nullif(btrim(g.name), ''), split_part(g.email, '@', 1)) as guest_name,
      b.start_date::text as start_date, b.end_date::text as end_date, p.amount_paise, p.status, p.release_at, p.paid_at, p.reference
    from payouts p join bookings b on b.id = p.booking_id join listings l on l.id = b.listing_id join users g on g.id = b.owner_id
    where p.host_id = ${hostId} and p.status <> 'reversed'
    order by p.release_at, p.id
  `);
  return rows.map((r) => ({ ...r, release_at: iso(r.release_at), paid_at: r.paid_at === null ? null : iso(r.paid_at) }));
}
