import type { ContactInput } from '../../../domain/contracts/contact';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { queueMail } from '../../mail/outbox';
import { contactMessageMail } from '../../mail/templates';
import { countRecentContactMessages, insertContactMessage } from './queries';

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
  if ((await countRecentContactMessages(deps.db, input.clientIp)) >= CONTACT_LIMIT_PER_HOUR) {
    throw new HttpError(429, 'rate_limited', 'Too many messages from your address. Please try again in an hour.');
  }
  return deps.db.transaction(async (tx) => {
    const { id } = await insertContactMessage(tx, input);
    await queueMail(tx, contactMessageMail({ to: deps.supportEmail, ...input }), `contact message ${id}`);
    return { id };
  });
}
