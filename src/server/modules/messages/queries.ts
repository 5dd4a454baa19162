import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES } from '../../../domain/bookings';
import { CONVERSATION_ROLES, type Role } from '../../../domain/conversations';
import type { Db } from '../../db/client';
import { instantColumn, queryRows } from '../../db/rows';

// The messages' SQL: the service (conversations, messages, the live stream's reads) and the
// unread-messages mail job call these by name. Every read for a user names them, so that a
// conversation they are not in reads as missing.

/**
 * A message insert holds, for the length of its transaction, an advisory lock for each of the two
 * participants (keys in this space): each person's messages then take their `seq` and commit in
 * the same order, so their live stream (NOTIFY arrives in commit order) and a replay after a
 * reconnect ("everything after seq N") never skip a message that committed late. Messages with
 * nobody in common do not wait for each other's locks (one lock for all messages capped the site
 * at a few dozen a second under load); every NOTIFY-ing commit still passes PostgreSQL's brief
 * commit-time notify lock, which is what keeps notification order equal to commit order.
 */
const MESSAGE_LOCK_SPACE = 7_263_007;

/** A user's lock key: 32 bits of the random UUID (a rare clash only makes two people wait). */
const userLockKey = (userId: string) => Number.parseInt(userId.replace(/-/g, '').slice(0, 8), 16) | 0;

/** Takes the participants' message locks until the end of `tx`, in key order (no deadlock). */
export async function lockParticipants(tx: Db, userIds: string[]): Promise<void> {
  const keys = [...new Set(userIds.map(userLockKey))].sort((a, b) => a - b);
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_LOCK_SPACE}, ${key})`);
}

/** Sends `payload` on `channel`; delivered to the listeners when `tx` commits. */
export async function notifyChannel(tx: Db, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * A bigint (messages.seq): a number on PGlite, a string on node-postgres, made a number here (as
 * it always was before use). Too big for a safe integer only after 2^53 messages.
 */
const bigintNumber = z.coerce.number().int();

const bookingPeopleRow = z.object({ guest_id: z.string(), host_id: z.string() });

/** The booking's guest and its listing's host, when `userId` is one of them. */
export async function selectBookingPeople(db: Db, userId: string, bookingId: string) {
  const [booking] = await queryRows(db, bookingPeopleRow, sql`
    select b.owner_id as guest_id, l.host_id
    from bookings b join listings l on l.id = b.listing_id
    where b.id = ${bookingId}::uuid and (b.owner_id = ${userId}::uuid or l.host_id = ${userId}::uuid)
  `);
  return booking;
}

const conversationIdRow = z.object({ id: z.string() });

/** The booking's conversation, created unless it exists. */
export async function upsertConversation(db: Db, bookingId: string, guestId: string, hostId: string): Promise<{ id: string }> {
  // DO UPDATE (a no-op change) rather than DO NOTHING: it returns the row when another request
  // created it a moment ago, which a second SELECT in the same statement could not yet see.
  const [row] = await queryRows(db, conversationIdRow, sql`
    insert into conversations (booking_id, guest_id, host_id)
    values (${bookingId}::uuid, ${guestId}::uuid, ${hostId}::uuid)
    on conflict (booking_id) do update set booking_id = excluded.booking_id
    returning id
  `);
  return row!;
}

/** A conversation as I see it; the last message's columns are null when there is none (users.name is not null). */
const conversationRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  role: z.enum(CONVERSATION_ROLES),
  other_name: z.string(),
  other_active: z.boolean(),
  listing_id: z.string(),
  listing_title: z.string(),
  start_date: z.string(), // ::text
  end_date: z.string(),
  status: z.enum(BOOKING_STATUSES),
  payment_due_at: instantColumn.nullable(),
  last_body: z.string().nullable(),
  last_at: instantColumn.nullable(),
  last_mine: z.boolean().nullable(),
  unread: z.number().int(),
});

export type ConversationRow = z.infer<typeof conversationRow>;

/** My conversations (or only `onlyId`), the most recent first, each with its last message and my unread count. */
export function selectConversations(db: Db, userId: string, onlyId?: string): Promise<ConversationRow[]> {
  return queryRows(db, conversationRow, sql`
    select c.id, c.booking_id, case when c.guest_id = ${userId}::uuid then 'guest' else 'host' end as role,
      other.name as other_name, other.suspended_at is null as other_active, l.id as listing_id, l.title as listing_title,
      b.start_date::text as start_date, b.end_date::text as end_date, b.status, b.payment_due_at,
      last.body as last_body, last.created_at as last_at, last.sender_id = ${userId}::uuid as last_mine,
      (select count(*)::int from messages m
        where m.conversation_id = c.id and m.sender_id <> ${userId}::uuid
          and m.created_at > coalesce(case when c.guest_id = ${userId}::uuid then c.guest_last_read_at else c.host_last_read_at end, '-infinity')
      ) as unread
    from conversations c
    join bookings b on b.id = c.booking_id
    join listings l on l.id = b.listing_id
    join users other on other.id = case when c.guest_id = ${userId}::uuid then c.host_id else c.guest_id end
    left join lateral (
      select m.body, m.created_at, m.sender_id from messages m where m.conversation_id = c.id order by m.seq desc limit 1
    ) last on true
    where (c.guest_id = ${userId}::uuid or c.host_id = ${userId}::uuid) ${onlyId ? sql`and c.id = ${onlyId}::uuid` : sql``}
    order by coalesce(c.last_message_at, c.created_at) desc
    limit 200
  `);
}

const countRow = z.object({ n: z.number().int() });

/** Unread messages over all my conversations. */
export async function countUnreadMessages(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows(db, countRow, sql`
    select count(*)::int as n
    from conversations c join messages m on m.conversation_id = c.id and m.sender_id <> ${userId}::uuid
    where (c.guest_id = ${userId}::uuid and m.created_at > coalesce(c.guest_last_read_at, '-infinity'))
       or (c.host_id = ${userId}::uuid and m.created_at > coalesce(c.host_last_read_at, '-infinity'))
  `);
  return row?.n ?? 0;
}

const participationRow = z.object({ role: z.enum(CONVERSATION_ROLES), guest_id: z.string(), host_id: z.string(), other_active: z.boolean() });

export type Participation = z.infer<typeof participationRow>;

/** My side of the conversation and who is in it; undefined unless I am. */
export async function selectParticipation(db: Db, userId: string, conversationId: string): Promise<Participation | undefined> {
  const [row] = await queryRows(db, participationRow, sql`
    select case when c.guest_id = ${userId}::uuid then 'guest' else 'host' end as role, c.guest_id, c.host_id,
      other.suspended_at is null as other_active
    from conversations c
    join users other on other.id = case when c.guest_id = ${userId}::uuid then c.host_id else c.guest_id end
    where c.id = ${conversationId}::uuid and (c.guest_id = ${userId}::uuid or c.host_id = ${userId}::uuid)
  `);
  return row;
}

const messageRow = z.object({
  id: z.string(),
  seq: bigintNumber,
  conversation_id: z.string(),
  body: z.string(),
  created_at: instantColumn,
  sender_id: z.string(),
  sender_name: z.string(),
  sender_role: z.enum(CONVERSATION_ROLES),
  client_id: z.string().nullable(),
});

export type MessageRow = z.infer<typeof messageRow>;

/** A message with who may see it. */
const storedMessageRow = messageRow.extend({ guest_id: z.string(), host_id: z.string() });

export type StoredMessageRow = z.infer<typeof storedMessageRow>;

const MESSAGE_COLUMNS = sql`m.id, m.seq, m.conversation_id, m.body, m.created_at, m.sender_id, m.client_id, u.name as sender_name,
  case when m.sender_id = c.guest_id then 'guest' else 'host' end as sender_role`;

/**
 * A page of a conversation, newest first: up to `limit` + 1 messages (the one more tells that
 * there are more), the newest or those before `before`.
 */
export function selectMessagePage(
  db: Db,
  conversationId: string,
  opts: { before?: number; limit: number },
): Promise<MessageRow[]> {
  return queryRows(db, messageRow, sql`
    select ${MESSAGE_COLUMNS}
    from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id
    where m.conversation_id = ${conversationId}::uuid ${opts.before ? sql`and m.seq < ${opts.before}` : sql``}
    order by m.seq desc
    limit ${opts.limit + 1}
  `);
}

/** The message `senderId` sent with this client id (in whichever conversation), if any. */
export async function selectMessageByClientId(db: Db, senderId: string, clientId: string): Promise<MessageRow | undefined> {
  const [existing] = await queryRows(db, messageRow, sql`
    select ${MESSAGE_COLUMNS}
    from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id
    where m.sender_id = ${senderId}::uuid and m.client_id = ${clientId}::uuid
  `);
  return existing;
}

/**
 * Stores a message and moves its conversation's last-message time, and the sender's read mark
 * (their own message is read); answers it with who may see it. Call with the participants locked.
 */
export async function insertMessage(
  tx: Db,
  input: { conversationId: string; senderId: string; clientId?: string; body: string },
): Promise<StoredMessageRow> {
  // clock_timestamp(), not now(): taken under the lock, so times rise with seq (unread counts
  // compare times).
  const [row] = await queryRows(tx, storedMessageRow, sql`
    with inserted as (
      insert into messages (conversation_id, sender_id, client_id, body, created_at)
      values (${input.conversationId}::uuid, ${input.senderId}::uuid, ${input.clientId ?? null}::uuid, ${input.body}, clock_timestamp())
      returning *
    ), touched as (
      update conversations c set last_message_at = i.created_at,
        guest_last_read_at = case when c.guest_id = i.sender_id then i.created_at else c.guest_last_read_at end,
        host_last_read_at = case when c.host_id = i.sender_id then i.created_at else c.host_last_read_at end
      from inserted i where c.id = i.conversation_id
      returning c.guest_id, c.host_id
    )
    select i.id, i.seq, i.conversation_id, i.body, i.created_at, i.sender_id, i.client_id, u.name as sender_name,
      case when i.sender_id = t.guest_id then 'guest' else 'host' end as sender_role, t.guest_id, t.host_id
    from inserted i join users u on u.id = i.sender_id cross join touched t
  `);
  return row!;
}

/** Moves `role`'s read mark up to message `seq`, or to the newest; never back. */
export async function updateReadMark(db: Db, conversationId: string, role: Role, seq?: number): Promise<void> {
  const column = role === 'guest' ? sql`guest_last_read_at` : sql`host_last_read_at`;
  await db.execute(sql`
    update conversations c set ${column} = greatest(c.${column}, (
      select max(m.created_at) from messages m
      where m.conversation_id = c.id ${seq ? sql`and m.seq <= ${seq}` : sql``}
    ))
    where c.id = ${conversationId}::uuid
  `);
}

/** Messages stored after `afterSeq` that `userId` may read, oldest first, at most `limit`. */
export function selectMessagesSince(db: Db, userId: string, afterSeq: number, limit: number): Promise<MessageRow[]> {
  return queryRows(db, messageRow, sql`
    select ${MESSAGE_COLUMNS}
    from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id
    where m.seq > ${afterSeq} and (c.guest_id = ${userId}::uuid or c.host_id = ${userId}::uuid)
    order by m.seq
    limit ${limit}
  `);
}

/** Null when I have no message at all. */
const latestSeqRow = z.object({ seq: bigintNumber.nullable() });

/** The seq of the newest message `userId` may read; null when there is none. */
export async function selectLatestSeq(db: Db, userId: string): Promise<number | null> {
  const [row] = await queryRows(db, latestSeqRow, sql`
    select max((select max(m.seq) from messages m where m.conversation_id = c.id)) as seq
    from conversations c where c.guest_id = ${userId}::uuid or c.host_id = ${userId}::uuid
  `);
  return row?.seq ?? null;
}

/** One stored message with its participants. */
export async function selectStoredMessage(db: Db, seq: number): Promise<StoredMessageRow | undefined> {
  const [row] = await queryRows(db, storedMessageRow, sql`
    select ${MESSAGE_COLUMNS}, c.guest_id, c.host_id
    from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id
    where m.seq = ${seq}
  `);
  return row;
}

/** A side of a conversation to tell; `latest` is the newest unread body (there is one: unread > 0). */
const dueRow = z.object({
  conversation_id: z.string(),
  side: z.enum(['guest', 'host']),
  recipient_id: z.string(),
  to: z.string(),
  sender_name: z.string(),
  listing_title: z.string(),
  unread: z.number().int(),
  latest: z.string(),
});

export type DueUnreadMail = z.infer<typeof dueRow>;

/**
 * The sides of conversations due an unread-messages mail: a message unread for `afterMinutes`,
 * none mailed for `atMostEveryMinutes`, and only messages not mailed yet counted. Locks those
 * conversations until `tx` ends, skipping any another process holds (each goes to one of them).
 */
export function selectDueUnreadMails(
  tx: Db,
  timing: { afterMinutes: number; atMostEveryMinutes: number },
): Promise<DueUnreadMail[]> {
  return queryRows(tx, dueRow, sql`
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
        and (s.notified is null or s.notified <= now() - make_interval(mins => ${timing.atMostEveryMinutes}))
        and c.last_message_at > coalesce(s.last_read, '-infinity')
      for update of c skip locked
    )
    select k.id as conversation_id, k.side, k.recipient_id, r.email as to, sender.name as sender_name, l.title as listing_title,
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
        and m.created_at <= now() - make_interval(mins => ${timing.afterMinutes})
    ) w
    where w.unread > 0
    limit 200
  `);
}

/**
 * Records that `side` of these conversations (at least one) is mailed now, where it was not mailed
 * within `atMostEveryMinutes`; answers the ids it marked. The condition is checked again on the
 * row as it is now: another process that took the same conversation a moment before (its
 * candidate read an older version, FOR UPDATE in a CTE does not always re-check it) marked it
 * first, and this one then leaves it out.
 */
export async function markConversationsNotified(tx: Db, side: Role, conversationIds: string[], atMostEveryMinutes: number): Promise<Set<string>> {
  const ids = conversationIds.map((id) => sql`${id}::uuid`);
  const column = side === 'guest' ? sql`guest_notified_at` : sql`host_notified_at`;
  const marked = await queryRows(tx, z.object({ id: z.string() }), sql`
    update conversations set ${column} = now()
    where id in (${sql.join(ids, sql`, `)}) and (${column} is null or ${column} <= now() - make_interval(mins => ${atMostEveryMinutes}))
    returning id
  `);
  return new Set(marked.map((r) => r.id));
}

/** A booking's conversation for operators looking into a problem on it: the latest `limit` messages, newest first. */
export function selectBookingMessages(db: Db, bookingId: string, limit: number): Promise<MessageRow[]> {
  return queryRows(db, messageRow, sql`
    select ${MESSAGE_COLUMNS}
    from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id
    where c.booking_id = ${bookingId}::uuid
    order by m.seq desc
    limit ${limit}
  `);
}
