import type { Db } from '../../db/client';
import { escapeHtml } from '../../http/escape-html';
import type { MailMessage } from '../../mail/mailer';
import { notify } from '../notifications';
import { conversationNoticeKey } from './service';
import { layout } from '../../mail/templates';
import { markConversationsNotified, selectDueUnreadMails } from './queries';

// A participant who has not read a message within 15 minutes hears of it (a notice, and by e-mail
// unless they turned that off), at most once an hour per conversation, and never twice for the same messages (issue 7). Several processes
// may run this at once: SKIP LOCKED gives each conversation to one of them, and the mail is
// queued in the transaction that marks it mailed (the outbox sends it, and retries while the mail
// server is down), so a process killed at any point neither loses it nor queues it twice.

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

/** Marks due conversations as mailed and queues their mail, in one transaction; returns how many. */
export async function mailUnreadMessages(db: Db, opts: { publicUrl: string }): Promise<{ unreadMails: number }> {
  return db.transaction(async (tx) => {
    const due = await selectDueUnreadMails(tx, UNREAD_MAIL);
    const rows: typeof due = [];
    for (const side of ['guest', 'host'] as const) {
      const ids = due.filter((r) => r.side === side).map((r) => r.conversation_id);
      if (ids.length === 0) continue;
      const marked = await markConversationsNotified(tx, side, ids, UNREAD_MAIL.atMostEveryMinutes);
      rows.push(...due.filter((r) => r.side === side && marked.has(r.conversation_id)));
    }
    for (const d of rows) {
      const senderName = d.sender_name.trim() || (d.side === 'guest' ? 'Your host' : 'Your guest');
      const message = unreadMessagesMail({
        to: d.to,
        senderName,
        listingTitle: d.listing_title,
        unread: d.unread,
        latest: d.latest,
        link: `${opts.publicUrl}/messages/${d.conversation_id}`,
      });
      // The notice names the sender and the listing, never the message's words: those may come
      // from someone not yet booked, and a lock screen shows whatever a notice says.
      await notify(tx, {
        userId: d.recipient_id,
        kind: 'new_messages',
        params: { conversation_id: d.conversation_id, name: senderName, listing_title: d.listing_title, count: d.unread },
        mail: message,
        about: `conversation ${d.conversation_id}`,
        collapseKey: conversationNoticeKey(d.conversation_id),
      });
    }
    return { unreadMails: rows.length };
  });
}
