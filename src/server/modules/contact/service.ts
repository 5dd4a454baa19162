import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { ContactInput } from '../../../domain/contracts/contact';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { contactMessages } from '../../db/schema';
import { queueMail } from '../../mail/outbox';
import { contactMessageMail } from '../../mail/templates';

/** A contact form is an easy target for spam: a few stored messages an hour per address. */
export const CONTACT_LIMIT_PER_HOUR = 5;

/**
 * Stores the message and queues its e-mail to support in one transaction (mail/outbox.ts): a mail
 * server that is down delays the e-mail, never loses the message or fails the visitor's request.
 */
export async function submitContactMessage(
  deps: { db: Db; supportEmail: string },
  input: ContactInput & { clientIp: string },
): Promise<{ id: string }> {
  const [recent] = await deps.db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.clientIp, input.clientIp), gt(contactMessages.createdAt, sql`now() - interval '1 hour'`)));
  if ((recent?.n ?? 0) >= CONTACT_LIMIT_PER_HOUR) {
    throw new HttpError(429, 'rate_limited', 'Too many messages from your address. Please try again in an hour.');
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    await queueMail(tx, contactMessageMail({ to: deps.supportEmail, ...input }), `contact message ${row!.id}`);
    return { id: row!.id };
  });
}
