import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactInput } from '../../../domain/schemas/contact';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { contactMessageMail } from '../../mail/templates';

/**
 * Stores the message first, so that nothing is lost when mail is down, then e-mails it to
 * support and records when it went. A mail failure is logged, not shown to the visitor: the
 * message is safe in the database and `emailed_at` stays empty for a later resend.
 */
export async function submitContactMessage(
  deps: { db: Db; mailer: Mailer; supportEmail: string; log: FastifyBaseLogger },
  input: ContactInput,
): Promise<{ id: string }> {
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
