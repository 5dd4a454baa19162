import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Conversation, Message, MessagePage } from '../../../domain/contracts/message';
import { CONVERSATION_ROLES, MESSAGE_LIMITS, type Role } from '../../../domain/conversations';
import type { Db } from '../../db/client';
import { instantColumn, queryRows } from '../../db/rows';
import { notFound } from '../../http/errors';

// One conversation per booking, between its guest and the listing's host (issue 7). Anyone else
// is told "not found", as if the conversation did not exist.

export const MESSAGE_CHANNEL = 'pawstay_messages';

/**
 * What a NOTIFY on MESSAGE_CHANNEL says: the new message's seq and who may see it, so that a
 * process loads a message only when one of them has a live stream there.
 */
export type MessageNotice = { seq: number; participants: string[] };

export const messageNotice = (n: MessageNotice): string => [n.seq, ...n.participants].join(' ');

/** The notice in `payload`; participants undefined when it does not say (anyone may be concerned). */
export function parseMessageNotice(payload: string): { seq: number; participants?: string[] } | undefined {
  const [first, ...participants] = payload.split(' ');
  const seq = Number(first);
  if (!first || !Number.isSafeInteger(seq) || seq < 1) return undefined;
  return participants.length > 0 ? { seq, participants } : { seq };
}

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

/** A message as stored, with who may see it: what the live stream fans out. */
export type StoredMessage = Message & { sender_id: string; guest_id: string; host_id: string };

const displayName = (name: string | null | undefined, fallback: string) => (name?.trim() ? name.trim() : fallback);


/**
 * A bigint (messages.seq): a number on PGlite, a string on node-postgres, made a number here (as
 * it always was before use). Too big for a safe integer only after 2^53 messages.
 */
const bigintNumber = z.coerce.number().int();

const bookingPeopleRow = z.object({ guest_id: z.string(), host_id: z.string() });

const conversationIdRow = z.object({ id: z.string() });

/** The booking's conversation, opened on first use; for its guest or its host only. */
export async function openConversation(db: Db, userId: string, bookingId: string): Promise<{ id: string }> {
  const [booking] = await queryRows(db, bookingPeopleRow, sql`
    select b.owner_id as guest_id, l.host_id
    from bookings b join listings l on l.id = b.listing_id
    where b.id = ${bookingId}::uuid and (b.owner_id = ${userId}::uuid or l.host_id = ${userId}::uuid)
  `);
  if (!booking) throw notFound('Booking not found');
  // DO UPDATE (a no-op change) rather than DO NOTHING: it returns the row when another request
  // created it a moment ago, which a second SELECT in the same statement could not yet see.
  const [row] = await queryRows(db, conversationIdRow, sql`
    insert into conversations (booking_id, guest_id, host_id)
    values (${bookingId}::uuid, ${booking.guest_id}::uuid, ${booking.host_id}::uuid)
    on conflict (booking_id) do update set booking_id = excluded.booking_id
    returning id
  `);
  return { id: row!.id };
}

/** A conversation as I see it; the last message's columns are null when there is none (users.name is not null). */
const conversationRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  role: z.enum(CONVERSATION_ROLES),
  other_name: z.string(),
  listing_id: z.string(),
  listing_title: z.string(),
  start_date: z.string(), // ::text
  end_date: z.string(),
  status: z.string(),
  last_body: z.string().nullable(),
  last_at: instantColumn.nullable(),
  last_mine: z.boolean().nullable(),
  unread: z.number().int(),
});

/** My conversations, the most recent first, each with its last message and my unread count. */
export async function listConversations(db: Db, userId: string, onlyId?: string): Promise<Conversation[]> {
  const rows = await queryRows(db, conversationRow, sql`
    select c.id, c.booking_id, case when c.guest_id = ${userId}::uuid then 'guest' else 'host' end as role,
      other.name as other_name, l.id as listing_id, l.title as listing_title,
      b.start_date::text as start_date, b.end_date::text as end_date, b.status,
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
  return rows.map((r) => ({
    id: r.id,
    booking_id: r.booking_id,
    role: r.role,
    other_name: displayName(r.other_name, r.role === 'guest' ? 'Host' : 'Guest'),
    listing: { id: r.listing_id, title: r.listing_title },
    booking: { start_date: r.start_date, end_date: r.end_date, status: r.status },
    last_message: r.last_body === null ? null : { body: r.last_body, created_at: new Date(r.last_at!).toISOString(), mine: Boolean(r.last_mine) },
    unread: r.unread,
  }));
}

/** One of my conversations, as the list shows it (a link may name one beyond the list's 200). */
export async function getConversation(db: Db, userId: string, id: string): Promise<Conversation> {
  const [found] = await listConversations(db, userId, id);
  if (!found) throw notFound('Conversation not found');
  return found;
}

const countRow = z.object({ n: z.number().int() });

/** Unread messages over all my conversations (the header's count). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows(db, countRow, sql`
    select count(*)::int as n
    from conversations c join messages m on m.conversation_id = c.id and m.sender_id <> ${userId}::uuid
    where (c.guest_id = ${userId}::uuid and m.created_at > coalesce(c.guest_last_read_at, '-infinity'))
       or (c.host_id = ${userId}::uuid and m.created_at > coalesce(c.host_last_read_at, '-infinity'))
  `);
  return row?.n ?? 0;
}

const participationRow = z.object({ role: z.enum(CONVERSATION_ROLES), guest_id: z.string(), host_id: z.string() });

type Participation = z.infer<typeof participationRow>;

/** My side of the conversation and who is in it; a 404 unless I am. */
async function participation(db: Db, userId: string, conversationId: string): Promise<Participation> {
  const [row] = await queryRows(db, participationRow, sql`
    select case when guest_id = ${userId}::uuid then 'guest' else 'host' end as role, guest_id, host_id
    from conversations where id = ${conversationId}::uuid and (guest_id = ${userId}::uuid or host_id = ${userId}::uuid)
  `);
  if (!row) throw notFound('Conversation not found');
  return row;
}

const participantRole = async (db: Db, userId: string, conversationId: string): Promise<Role> =>
  (await participation(db, userId, conversationId)).role;

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

type MessageRow = z.infer<typeof messageRow>;

/** A message with who may see it. */
const storedMessageRow = messageRow.extend({ guest_id: z.string(), host_id: z.string() });

function toMessage(row: MessageRow, userId: string): Message {
  return {
    id: row.id,
    seq: row.seq,
    conversation_id: row.conversation_id,
    body: row.body,
    created_at: new Date(row.created_at).toISOString(),
    mine: row.sender_id === userId,
    sender_name: displayName(row.sender_name, row.sender_role === 'guest' ? 'Guest' : 'Host'),
    client_id: row.sender_id === userId ? row.client_id : null,
  };
}

const MESSAGE_COLUMNS = sql`m.id, m.seq, m.conversation_id, m.body, m.created_at, m.sender_id, m.client_id, u.name as sender_name,
  case when m.sender_id = c.guest_id then 'guest' else 'host' end as sender_role`;

/** A page of a conversation, oldest first: the newest `limit`, or those before `before`. */
export async function listMessages(
  db: Db,
  userId: string,
  conversationId: string,
  opts: { before?: number; limit?: number } = {},
): Promise<MessagePage> {
  await participantRole(db, userId, conversationId);
  const limit = opts.limit ?? MESSAGE_LIMITS.pageSize;
  const rows = await queryRows(db, messageRow, sql`
    select ${MESSAGE_COLUMNS}
    from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id
    where m.conversation_id = ${conversationId}::uuid ${opts.before ? sql`and m.seq < ${opts.before}` : sql``}
    order by m.seq desc
    limit ${limit + 1}
  `);
  return { results: rows.slice(0, limit).reverse().map((r) => toMessage(r, userId)), has_more: rows.length > limit };
}

/**
 * Stores a message and announces it (NOTIFY, delivered to every app process after the commit).
 * With a `clientId` already used by this sender, returns that message instead: a send retried
 * after a dropped answer is stored once.
 */
export async function postMessage(
  db: Db,
  userId: string,
  conversationId: string,
  input: { body: string; clientId?: string },
): Promise<{ message: Message; created: boolean }> {
  const { guest_id, host_id } = await participation(db, userId, conversationId);
  return db.transaction(async (tx) => {
    await lockParticipants(tx, [guest_id, host_id]);
    if (input.clientId) {
      const [existing] = await queryRows(tx, messageRow, sql`
        select ${MESSAGE_COLUMNS}
        from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id
        where m.sender_id = ${userId}::uuid and m.client_id = ${input.clientId}::uuid
      `);
      if (existing) {
        if (existing.conversation_id !== conversationId) throw notFound('Conversation not found');
        return { message: toMessage(existing, userId), created: false };
      }
    }
    // clock_timestamp(), not now(): taken under the lock, so times rise with seq (unread counts
    // compare times).
    const [row] = await queryRows(tx, storedMessageRow, sql`
      with inserted as (
        insert into messages (conversation_id, sender_id, client_id, body, created_at)
        values (${conversationId}::uuid, ${userId}::uuid, ${input.clientId ?? null}::uuid, ${input.body}, clock_timestamp())
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
    await tx.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${messageNotice({ seq: row!.seq, participants: [row!.guest_id, row!.host_id] })})`);
    return { message: toMessage(row!, userId), created: true };
  });
}

/** Marks my side read up to message `seq` (what I have seen), or up to the newest. */
export async function markRead(db: Db, userId: string, conversationId: string, seq?: number): Promise<void> {
  const role = await participantRole(db, userId, conversationId);
  const column = role === 'guest' ? sql`guest_last_read_at` : sql`host_last_read_at`;
  await db.execute(sql`
    update conversations c set ${column} = greatest(c.${column}, (
      select max(m.created_at) from messages m
      where m.conversation_id = c.id ${seq ? sql`and m.seq <= ${seq}` : sql``}
    ))
    where c.id = ${conversationId}::uuid
  `);
}

/** Messages stored after `afterSeq` that `userId` may read, oldest first (a stream's catch-up). */
export async function messagesSince(db: Db, userId: string, afterSeq: number, limit = 500): Promise<Message[]> {
  const rows = await queryRows(db, messageRow, sql`
    select ${MESSAGE_COLUMNS}
    from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id
    where m.seq > ${afterSeq} and (c.guest_id = ${userId}::uuid or c.host_id = ${userId}::uuid)
    order by m.seq
    limit ${limit}
  `);
  return rows.map((r) => toMessage(r, userId));
}

/** Null when I have no message at all. */
const latestSeqRow = z.object({ seq: bigintNumber.nullable() });

/**
 * The seq of the newest message `userId` may read: a fresh stream starts after it. Theirs, not
 * the site's: someone else's later seq may commit before one of theirs (see MESSAGE_LOCK_SPACE).
 */
export async function latestSeq(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows(db, latestSeqRow, sql`
    select max((select max(m.seq) from messages m where m.conversation_id = c.id)) as seq
    from conversations c where c.guest_id = ${userId}::uuid or c.host_id = ${userId}::uuid
  `);
  return row?.seq ?? 0;
}

/** One stored message with its participants: what a NOTIFY names. */
export async function storedMessage(db: Db, seq: number): Promise<StoredMessage | undefined> {
  const [row] = await queryRows(db, storedMessageRow, sql`
    select ${MESSAGE_COLUMNS}, c.guest_id, c.host_id
    from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id
    where m.seq = ${seq}
  `);
  if (!row) return undefined;
  // As its sender sees it (so the client id is kept); messageFor adjusts it for each participant.
  return { ...toMessage(row, row.sender_id), sender_id: row.sender_id, guest_id: row.guest_id, host_id: row.host_id };
}

/** A stored message as one of its participants sees it. */
export function messageFor(stored: StoredMessage, userId: string): Message {
  const { sender_id, client_id, guest_id: _g, host_id: _h, mine: _m, ...rest } = stored;
  const mine = sender_id === userId;
  return { ...rest, mine, client_id: mine ? client_id : null };
}
