import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../http/escape-html';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { layout } from '../../mail/templates';
import { markConversationsNotified, selectDueUnreadMails } from './queries';

// A participant who has not read a message within 15 minutes hears of it by e-mail, at most once
// an hour per conversation, and never twice for the same messages (issue 7). Several processes
// may run this at once: SKIP LOCKED gives each conversation to one of them.

export const UNREAD_MAIL = { afterMinutes: 15, atMostEveryMinutes: 60 } as const;

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
const snippet = (body: string) => (body.length > 200 ? `${body.slice(0, 199)}…` : body);

export function unreadMessagesMail(input: { to: string; senderName: string; listingTitle: string; unread: number; latest: string; link: string }): MailMessage {
  const count = input.unread === 1 ? 'a message' : `${input.unread} messages`;
  const text = `${input.senderName} sent you ${count} about ${input.listingTitle}:\n\n"${snippet(input.latest)}"\n\nReply on PawStay: ${input.link}\n`;
  const html = layout(
    `New message from ${input.senderName}`,
    `<p style="margin:0 0 12px">${escapeHtml(input.senderName)} sent you ${count} about <strong>${escapeHtml(input.listingTitle)}</strong>:</p>
<blockquote style="margin:0 0 12px;padding:10px 14px;background:#faf7f2;border-radius:8px;white-space:pre-wrap">${escapeHtml(snippet(input.latest))}</blockquote>
<p style="margin:20px 0 0"><a href="${escapeHtml(input.link)}" style="background:#c2410c;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">Reply</a></p>`,
  );
  return { to: input.to, subject: oneLine(`New message from ${input.senderName}: ${input.listingTitle}`), text, html };
}

/** Marks due conversations as mailed (in one transaction), then sends; returns how many mails went out. */
export async function mailUnreadMessages(db: Db, mailer: Mailer, opts: { publicUrl: string; log: Pick<FastifyBaseLogger, 'error'> }): Promise<{ unreadMails: number }> {
  const due = await db.transaction(async (tx) => {
    const rows = await selectDueUnreadMails(tx, UNREAD_MAIL);
    for (const side of ['guest', 'host'] as const) {
      const ids = rows.filter((r) => r.side === side).map((r) => r.conversation_id);
      if (ids.length === 0) continue;
      await markConversationsNotified(tx, side, ids);
    }
    return rows;
  });
  let sent = 0;
  for (const d of due) {
    const message = unreadMessagesMail({
      to: d.to,
      senderName: d.sender_name.trim() || (d.side === 'guest' ? 'Your host' : 'Your guest'),
      listingTitle: d.listing_title,
      unread: d.unread,
      latest: d.latest,
      link: `${opts.publicUrl}/messages/${d.conversation_id}`,
    });
    try {
      await mailer.send(message);
      sent++;
    } catch (err) {
      // Marked as mailed already: a mail server that is down must not make this repeat every minute.
      opts.log.error({ err, conversation: d.conversation_id }, 'unread-messages mail failed');
    }
  }
  return { unreadMails: sent };
}
