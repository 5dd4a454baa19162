import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { ContactInput } from '../../../domain/contracts/contact';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

// The contact form's SQL.

/** How many messages `clientIp` stored in the last hour (the spam limit counts them). */
export async function countRecentContactMessages(db: Db, clientIp: string): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.clientIp, clientIp), gt(contactMessages.createdAt, sql`now() - interval '1 hour'`)));
  return recent?.n ?? 0;
}

export async function insertContactMessage(db: Db, input: ContactInput & { clientIp: string }): Promise<{ id: string }> {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!;
}
