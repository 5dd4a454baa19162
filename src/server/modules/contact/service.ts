import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactInput } from '../../../domain/schemas/contact';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { contactMessages } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { contactMessageMail } from '../../mail/templates';

/** A contact form is an easy target for spam: a few stored messages an hour per address. */
export const CONTACT_LIMIT_PER_HOUR = 5;

/**
 * Stores the message first, so that nothing is lost when mail is down, then e-mails it to
 * support and records when it went. A mail failure is logged, not shown to the visitor: the
 * message is safe in the database and `emailed_at` stays empty for a later resend.
 */
export async function submitContactMessage(
  deps: { db: Db; mailer: Mailer; supportEmail: string; log: FastifyBaseLogger },
  input: ContactInput & { clientIp: string },
): Promise<{ id: string }> {
  const [recent] = await deps.db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.clientIp, input.clientIp), gt(contactMessages.createdAt, sql`now() - interval '1 hour'`)));
  if ((recent?.n ?? 0) >= CONTACT_LIMIT_PER_HOUR) {
    throw new HttpError(429, 'rate_limited', 'Too many messages from your address. Please try again in an hour.');
  }
  const [row] = await deps.db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  const id = row!.id;
  try {
    await deps.mailer.send(contactMessageMail({ to: deps.supportEmail, ...input }));
    await deps.db.update(contactMessages).set({ emailedAt: new Date() }).where(eq(contactMessages.id, id));
  } catch (err) {
    deps.log.error({ err, contactMessageId: id }, 'contact message stored but not e-mailed');
  }
  return { id };
}
