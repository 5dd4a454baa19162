import type { Db } from '../../db/client';
import { escapeHtml } from '../../http/escape-html';
import { notify } from '../notifications';
import { conversationNoticeKey } from './service';
import { layout } from '../../mail/templates';
import { type LocalMail, mailWords, oneLine } from '../../mail/words';
import { markConversationsNotified, selectDueUnreadMails } from './queries';

// A participant who has not read a message within 15 minutes hears of it (a notice, and by e-mail
// unless they turned that off), at most once an hour per conversation, and never twice for the same messages (issue 7). Several processes
// may run this at once: SKIP LOCKED gives each conversation to one of them, and the mail is
// queued in the transaction that marks it mailed (the outbox sends it, and retries while the mail
// server is down), so a process killed at any point neither loses it nor queues it twice.

export const UNREAD_MAIL = { afterMinutes: 15, atMostEveryMinutes: 60 } as const;

const snippet = (body: string) => (body.length > 200 ? `${body.slice(0, 199)}…` : body);

/**
 * The mail of a conversation's unread messages, in its reader's language. `senderName` is empty
 * when the sender gave no name: they are then the reader's host, or their guest (`readerSide`).
 */
export const unreadMessagesMail =
  (input: { to: string; senderName: string; readerSide: 'guest' | 'host'; listingTitle: string; unread: number; latest: string; link: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const sender = input.senderName || (input.readerSide === 'guest' ? w.say(/*i18n*/ 'Your host') : w.say(/*i18n*/ 'Your guest'));
    const sent = w.say(/*i18n*/ '{sender} sent you {count, plural, one {a message} other {# messages}} about {listing}:', { sender, count: input.unread, listing: input.listingTitle });
    const sentHtml = w.say(/*i18n*/ '{sender} sent you {count, plural, one {a message} other {# messages}} about {listing}:', {
      sender: escapeHtml(sender),
      count: input.unread,
      listing: `<strong>${escapeHtml(input.listingTitle)}</strong>`,
    });
    const text = `${sent}\n\n"${snippet(input.latest)}"\n\n${w.say(/*i18n*/ 'Reply on PawStay: {link}', { link: input.link })}\n`;
    const html = layout(
      w.say(/*i18n*/ 'New message from {name}', { name: sender }),
      `<p style="margin:0 0 12px">${sentHtml}</p>
<blockquote style="margin:0 0 12px;padding:10px 14px;background:#faf7f2;border-radius:8px;white-space:pre-wrap">${escapeHtml(snippet(input.latest))}</blockquote>
<p style="margin:20px 0 0"><a href="${escapeHtml(input.link)}" style="background:#c2410c;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(w.say(/*i18n*/ 'Reply'))}</a></p>`,
      w,
    );
    return { to: input.to, subject: oneLine(w.say(/*i18n*/ 'New message from {sender}: {listing}', { sender, listing: input.listingTitle })), text, html };
  };

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
      const message = unreadMessagesMail({
        to: d.to,
        senderName: d.sender_name.trim(),
        readerSide: d.side,
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
        // A sender without a name is worded by the notice ("Your host"), in its reader's language.
        params: { conversation_id: d.conversation_id, ...(d.sender_name.trim() && { name: d.sender_name.trim() }), role: d.side, listing_title: d.listing_title, count: d.unread },
        mail: message,
        about: `conversation ${d.conversation_id}`,
        collapseKey: conversationNoticeKey(d.conversation_id),
      });
    }
    return { unreadMails: rows.length };
  });
}
