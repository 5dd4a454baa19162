import { and, asc, eq, sql } from 'drizzle-orm';
import type { OperatorActionRecord } from '../../../domain/contracts/ops';
import type { AuditTarget, OperatorAction } from '../../../domain/operator-actions';
import type { Db } from '../../db/client';
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

export async function updateUserRole(db: Db, userId: string, operator: boolean): Promise<void> {
  await db.update(users).set({ isOperator: operator, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** An account for `email` unless there is one (its owner signs in with a code sent there). */
export async function insertUserIfMissing(db: Db, email: string): Promise<void> {
  await db.insert(users).values({ email }).onConflictDoNothing();
}
