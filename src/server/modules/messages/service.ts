import type { Conversation, Message, MessagePage } from '../../../domain/contracts/message';
import { MESSAGE_LIMITS, type Role } from '../../../domain/conversations';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { INACTIVE_ACCOUNT } from '../../../domain/reports';
import { readNoticeOf } from '../notifications';
import {
  countUnreadMessages,
  insertMessage,
  lockParticipants,
  type MessageRow,
  notifyChannel,
  type Participation,
  selectBookingPeople,
  selectConversations,
  selectLatestSeq,
  selectMessageByClientId,
  selectMessagePage,
  selectMessagesSince,
  selectParticipation,
  selectStoredMessage,
  updateReadMark,
  upsertConversation,
} from './queries';

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

/** A message as stored, with who may see it: what the live stream fans out. */
export type StoredMessage = Message & { sender_id: string; guest_id: string; host_id: string };

const displayName = (name: string | null | undefined, fallback: string) => (name?.trim() ? name.trim() : fallback);

/** The booking's conversation, opened on first use; for its guest or its host only. */
export async function openConversation(db: Db, userId: string, bookingId: string): Promise<{ id: string }> {
  const booking = await selectBookingPeople(db, userId, bookingId);
  if (!booking) throw notFound('Booking not found');
  return upsertConversation(db, bookingId, booking.guest_id, booking.host_id);
}

/** My conversations, the most recent first, each with its last message and my unread count. */
export async function listConversations(db: Db, userId: string, onlyId?: string): Promise<Conversation[]> {
  const rows = await selectConversations(db, userId, onlyId);
  return rows.map((r) => ({
    id: r.id,
    booking_id: r.booking_id,
    role: r.role,
    other_name: displayName(r.other_name, r.role === 'guest' ? 'Host' : 'Guest'),
    other_active: r.other_active,
    listing: { id: r.listing_id, title: r.listing_title },
    booking: {
      start_date: r.start_date,
      end_date: r.end_date,
      status: r.status,
      payment_due_at: r.payment_due_at === null ? null : new Date(r.payment_due_at).toISOString(),
    },
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

/** Unread messages over all my conversations (the header's count). */
export function unreadCount(db: Db, userId: string): Promise<number> {
  return countUnreadMessages(db, userId);
}

/** My side of the conversation and who is in it; a 404 unless I am. */
async function participation(db: Db, userId: string, conversationId: string): Promise<Participation> {
  const row = await selectParticipation(db, userId, conversationId);
  if (!row) throw notFound('Conversation not found');
  return row;
}

const participantRole = async (db: Db, userId: string, conversationId: string): Promise<Role> =>
  (await participation(db, userId, conversationId)).role;

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

/** A page of a conversation, oldest first: the newest `limit`, or those before `before`. */
export async function listMessages(
  db: Db,
  userId: string,
  conversationId: string,
  opts: { before?: number; limit?: number } = {},
): Promise<MessagePage> {
  await participantRole(db, userId, conversationId);
  const limit = opts.limit ?? MESSAGE_LIMITS.pageSize;
  const rows = await selectMessagePage(db, conversationId, { before: opts.before, limit });
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
  const { guest_id, host_id, other_active } = await participation(db, userId, conversationId);
  if (!other_active) throw conflict(INACTIVE_ACCOUNT);
  return db.transaction(async (tx) => {
    await lockParticipants(tx, [guest_id, host_id]);
    if (input.clientId) {
      const existing = await selectMessageByClientId(tx, userId, input.clientId);
      if (existing) {
        if (existing.conversation_id !== conversationId) throw notFound('Conversation not found');
        return { message: toMessage(existing, userId), created: false };
      }
    }
    const row = await insertMessage(tx, { conversationId, senderId: userId, clientId: input.clientId, body: input.body });
    await notifyChannel(tx, MESSAGE_CHANNEL, messageNotice({ seq: row.seq, participants: [row.guest_id, row.host_id] }));
    return { message: toMessage(row, userId), created: true };
  });
}

/** Marks my side read up to message `seq` (what I have seen), or up to the newest. */
export async function markRead(db: Db, userId: string, conversationId: string, seq?: number): Promise<void> {
  const role = await participantRole(db, userId, conversationId);
  await updateReadMark(db, conversationId, role, seq);
  // Its "new messages" notice, if any, has been seen too.
  await readNoticeOf(db, userId, conversationNoticeKey(conversationId));
}

/** The key of a conversation's "new messages" notice: one unread notice per conversation (unread-mail.ts). */
export const conversationNoticeKey = (conversationId: string) => `conversation ${conversationId}`;

/** Messages stored after `afterSeq` that `userId` may read, oldest first (a stream's catch-up). */
export async function messagesSince(db: Db, userId: string, afterSeq: number, limit = 500): Promise<Message[]> {
  const rows = await selectMessagesSince(db, userId, afterSeq, limit);
  return rows.map((r) => toMessage(r, userId));
}

/**
 * The seq of the newest message `userId` may read: a fresh stream starts after it. Theirs, not
 * the site's: someone else's later seq may commit before one of theirs (see MESSAGE_LOCK_SPACE in
 * queries.ts).
 */
export async function latestSeq(db: Db, userId: string): Promise<number> {
  return (await selectLatestSeq(db, userId)) ?? 0;
}

/** One stored message with its participants: what a NOTIFY names. */
export async function storedMessage(db: Db, seq: number): Promise<StoredMessage | undefined> {
  const row = await selectStoredMessage(db, seq);
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
