import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES } from '../../../domain/bookings';
import { LISTING_STATUSES } from '../../../domain/contracts/listing';
import type { OperatorActionRecord, OpsListing, OpsUser, OpsVerification } from '../../../domain/contracts/ops';
import type { AuditTarget, OperatorAction } from '../../../domain/operator-actions';
import { VERIFICATION_STATUSES } from '../../../domain/verification';
import type { Db } from '../../db/client';
import { instantColumn, iso, queryRows } from '../../db/rows';
import { operatorActions, users } from '../../db/schema';

// The SQL of the operators' record and role. The record only ever gains rows: the table refuses
// UPDATE, DELETE and TRUNCATE (migration 0018).

export type ActionRecord = {
  /** Null: the server's own console (`npm run operator`). */
  operatorId: string | null;
  action: OperatorAction;
  targetType: AuditTarget;
  targetId: string;
  reason?: string | null;
};

/** Records an operator's action: called in the transaction of the action itself, so both stand or fall together. */
export async function recordAction(tx: Db, record: ActionRecord): Promise<void> {
  await tx.insert(operatorActions).values({ ...record, reason: record.reason ?? null });
}

/** A target's history, oldest first. */
export async function selectHistory(db: Db, targetType: AuditTarget, targetId: string): Promise<OperatorActionRecord[]> {
  const rows = await db
    .select({
      id: operatorActions.id,
      action: operatorActions.action,
      operator: sql<string>`coalesce(${users.email}, 'server console')`,
      target_type: operatorActions.targetType,
      target_id: operatorActions.targetId,
      reason: operatorActions.reason,
      created_at: operatorActions.createdAt,
    })
    .from(operatorActions)
    .leftJoin(users, eq(users.id, operatorActions.operatorId))
    .where(and(eq(operatorActions.targetType, targetType), eq(operatorActions.targetId, targetId)))
    .orderBy(asc(operatorActions.createdAt), asc(operatorActions.id));
  return rows.map((r) => ({ ...r, action: r.action as OperatorAction, target_type: r.target_type as AuditTarget, created_at: r.created_at.toISOString() }));
}

/** The account with `email` and its role, locked for the change. */
export async function selectUserRoleForUpdate(db: Db, email: string) {
  const [row] = await db.select({ id: users.id, isOperator: users.isOperator }).from(users).where(eq(users.email, email)).for('update');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Accounts as the console shows them

const opsUserRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  joined_at: instantColumn,
  operator: z.boolean(),
  verified: z.boolean(),
  suspended_at: instantColumn.nullable(),
});

const OPS_USER_COLUMNS = sql`u.id, u.email, u.name, u.created_at as joined_at, u.is_operator as operator,
  u.verified_at is not null as verified, u.suspended_at`;

const toOpsUser = (r: z.infer<typeof opsUserRow>): OpsUser => ({
  ...r,
  joined_at: iso(r.joined_at),
  suspended_at: r.suspended_at === null ? null : iso(r.suspended_at),
});

/** Accounts whose address starts with `prefix` (addresses are stored lower-case), at most 20. */
export async function selectUsersByEmailPrefix(db: Db, prefix: string): Promise<OpsUser[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows(db, opsUserRow, sql`
    select ${OPS_USER_COLUMNS} from users u where u.email like ${pattern} order by u.email limit 20
  `);
  return rows.map(toOpsUser);
}

/**
 * One account, locked for a change when `lock`: FOR NO KEY UPDATE, which leaves the foreign keys
 * that point at the account (a payout, a booking) free to be checked meanwhile.
 */
export async function selectOpsUser(db: Db, id: string, lock = false): Promise<OpsUser | undefined> {
  const [row] = await queryRows(db, opsUserRow, sql`select ${OPS_USER_COLUMNS} from users u where u.id = ${id}${lock ? sql` for no key update` : sql``}`);
  return row && toOpsUser(row);
}

const opsListingRow = z.object({
  id: z.string(),
  host_id: z.string(),
  title: z.string(),
  city: z.string(),
  status: z.enum(LISTING_STATUSES),
  hidden: z.boolean(),
  listed: z.boolean(),
});

const OPS_LISTING_COLUMNS = sql`l.id, l.host_id, l.title, l.city, l.status, l.hidden_at is not null as hidden, l.listed`;

export const selectHostListingsForOps = (db: Db, hostId: string): Promise<OpsListing[]> =>
  queryRows(db, opsListingRow, sql`select ${OPS_LISTING_COLUMNS} from listings l where l.host_id = ${hostId} order by l.created_at desc`);

export const selectListingForOps = async (db: Db, id: string): Promise<OpsListing | undefined> =>
  (await queryRows(db, opsListingRow, sql`select ${OPS_LISTING_COLUMNS} from listings l where l.id = ${id}`))[0];

const opsBookingRow = z.object({
  id: z.string(),
  role: z.enum(['guest', 'host']),
  listing_id: z.string(),
  listing_title: z.string(),
  other_party: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(BOOKING_STATUSES),
  total_paise: z.number().int(),
  paid_paise: z.number().int(),
  refunded_paise: z.number().int(),
});

/**
 * The account's bookings on both sides, newest first, with what was paid and refunded: read only
 * (refunds are the money flows' own). Two index scans (bookings_owner_idx; listings_host_idx then
 * bookings_listing_idx), not one OR that would read every booking.
 */
export function selectBookingsForOps(db: Db, userId: string) {
  return queryRows(db, opsBookingRow, sql`
    with mine as (
      (select b.id, 'guest' as role from bookings b where b.owner_id = ${userId} order by b.created_at desc limit 100)
      union all
      (select b.id, 'host' from bookings b join listings l on l.id = b.listing_id where l.host_id = ${userId} order by b.created_at desc limit 100)
    )
    select b.id, m.role, l.id as listing_id, l.title as listing_title,
      case when m.role = 'host' then g.email else h.email end as other_party,
      b.start_date::text as start_date, b.end_date::text as end_date, b.status, b.total_paise,
      coalesce((select sum(p.amount_paise) from payments p where p.booking_id = b.id and p.status = 'captured'), 0)::int as paid_paise,
      coalesce((select sum(r.amount_paise) from refunds r where r.booking_id = b.id and r.status <> 'failed'), 0)::int as refunded_paise
    from mine m
    join bookings b on b.id = m.id
    join listings l on l.id = b.listing_id
    join users g on g.id = b.owner_id
    join users h on h.id = l.host_id
    order by b.created_at desc, b.id
    limit 100
  `);
}

const opsVerificationRow = z.object({
  id: z.string(),
  status: z.enum(VERIFICATION_STATUSES).exclude(['draft']),
  submitted_at: instantColumn,
  decided_at: instantColumn.nullable(),
  reason: z.string().nullable(),
});

/**
 * The account's verification requests sent for review, newest first, at most 20 (as the bookings
 * are capped), read through host_verifications_host_idx. A draft is left out: it is still the
 * host's own, and no operator has anything to do with it yet.
 */
export async function selectVerificationsForOps(db: Db, hostId: string): Promise<OpsVerification[]> {
  const rows = await queryRows(db, opsVerificationRow, sql`
    select v.id, v.status, v.submitted_at, v.decided_at, v.reason from host_verifications v
    where v.host_id = ${hostId} and v.status <> 'draft'
    order by v.created_at desc, v.id
    limit 20
  `);
  return rows.map((r) => ({ ...r, submitted_at: iso(r.submitted_at), decided_at: r.decided_at === null ? null : iso(r.decided_at) }));
}

/** Who wrote a review and whom it is about. */
export async function selectReviewPeople(db: Db, id: string) {
  const [row] = await queryRows(db, z.object({ author_id: z.string(), subject_id: z.string() }), sql`select author_id, subject_id from reviews where id = ${id}`);
  return row;
}

