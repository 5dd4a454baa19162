import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { escapeHtml } from '../../http/escape-html';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { layout } from '../../mail/templates';

// A participant who has not read a message within 15 minutes hears of it by e-mail, at most once
// an hour per conversation, and never twice for the same messages (issue 7). Several processes
// may run this at once: SKIP LOCKED gives each conversation to one of them.

export const UNREAD_MAIL = { afterMinutes: 15, atMostEveryMinutes: 60 } as const;

/** A side of a conversation to tell; `latest` is the newest unread body (there is one: unread > 0). */
const dueRow = z.object({
  conversation_id: z.string(),
  side: z.enum(['guest', 'host']),
  to: z.string(),
  sender_name: z.string(),
  listing_title: z.string(),
  unread: z.number().int(),
  latest: z.string(),
});

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
    const rows = await queryRows(tx, dueRow, sql`
      with candidates as (
        select c.id, s.side, s.recipient_id, s.sender_id, s.last_read, s.notified
        from conversations c
        cross join lateral (values
          ('guest', c.guest_id, c.host_id, c.guest_last_read_at, c.guest_notified_at),
          ('host', c.host_id, c.guest_id, c.host_last_read_at, c.host_notified_at)
        ) s(side, recipient_id, sender_id, last_read, notified)
        -- A cheap first cut; the count below decides (a conversation still busy now may hold a
        -- message unread for 15 minutes).
        where c.last_message_at > now() - interval '7 days'
          and (s.notified is null or s.notified <= now() - make_interval(mins => ${UNREAD_MAIL.atMostEveryMinutes}))
          and c.last_message_at > coalesce(s.last_read, '-infinity')
        for update of c skip locked
      )
      select k.id as conversation_id, k.side, r.email as to, sender.name as sender_name, l.title as listing_title,
        w.unread, w.latest
      from candidates k
      join users r on r.id = k.recipient_id
      join users sender on sender.id = k.sender_id
      join conversations c on c.id = k.id
      join bookings b on b.id = c.booking_id
      join listings l on l.id = b.listing_id
      cross join lateral (
        select count(*)::int as unread, (array_agg(m.body order by m.seq desc))[1] as latest
        from messages m
        where m.conversation_id = k.id and m.sender_id = k.sender_id
          and m.created_at > coalesce(k.last_read, '-infinity') and m.created_at > coalesce(k.notified, '-infinity')
          and m.created_at <= now() - make_interval(mins => ${UNREAD_MAIL.afterMinutes})
      ) w
      where w.unread > 0
      limit 200
    `);
    for (const side of ['guest', 'host'] as const) {
      const ids = rows.filter((r) => r.side === side).map((r) => sql`${r.conversation_id}::uuid`);
      if (ids.length === 0) continue;
      const column = side === 'guest' ? sql`guest_notified_at` : sql`host_notified_at`;
      await tx.execute(sql`update conversations set ${column} = now() where id in (${sql.join(ids, sql`, `)})`);
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
