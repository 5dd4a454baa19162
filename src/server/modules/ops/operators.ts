import type { Db } from '../../db/client';
import { insertUserIfMissing, setUserOperator } from '../profile';
import { recordAction, selectUserRoleForUpdate } from './queries';

// Giving and taking the operator role: by `npm run operator` on the server only, never through
// the API (PRODUCT.md section 8). The session reads the role on every request, so a revoked
// operator loses the console at their next request, in every process.

export class NoSuchAccountError extends Error {}

/**
 * Grants (`true`) or revokes (`false`) the role of the account with `email`; answers whether it
 * changed. `create` makes the account first when there is none (a grant only).
 */
export async function setOperator(db: Db, email: string, operator: boolean, opts: { create?: boolean } = {}): Promise<boolean> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    if (opts.create && operator) await insertUserIfMissing(tx, address);
    const user = await selectUserRoleForUpdate(tx, address);
    if (!user) throw new NoSuchAccountError(`No account uses ${email}: its owner signs in once first, then is given the role`);
    if (user.isOperator === operator) return false;
    await setUserOperator(tx, user.id, operator);
    await recordAction(tx, { operatorId: null, action: operator ? 'grant_operator' : 'revoke_operator', targetType: 'user', targetId: user.id });
    return true;
  });
}
