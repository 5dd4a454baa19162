import { NOTIFICATION_PAGE_SIZE, type NotificationItem, type NotificationSettingsInput } from '../../../domain/contracts/notification';
import { isReceipt, type Notice, type NoticeTopic, topicOf } from '../../../domain/notifications/notices';
import { type Channel, type NotificationSettings, routeNotice, settingsWithDefaults } from '../../../domain/notifications/routing';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { LocalMail } from '../../mail/words';
import { queueMail } from '../../mail/outbox';
import { countUnread, deleteReadNotifications, insertNotification, markAllRead, markRead, markReadByKey, type RecipientRow, selectNoticeOwner, selectNotifications, selectRecipient, selectUserByVerifiedPhone, upsertDelivery, upsertSettings, wakeListeners } from './queries';
import { wakeDeliveryWorkers } from './deliveries';
import { normaliseIndianMobile } from '../../../domain/contracts/profile';
import type { PhoneSenders } from '../../phone';
import { settingsOf } from './recipient';

// One path for everything PawStay tells a user (issue 38, decision 056). A module that changes
// something a user must hear of calls notify() with the transaction of the change: the notice is
// stored with it (and not at all if it rolls back), and each channel the user keeps for its topic
// gets its delivery queued in the same transaction; the in-app list always has it.

/** NOTIFY'd with the user's id at commit: the live streams of every process ring that user's bell. */
export const NOTICE_CHANNEL = 'pawstay_notices';

/** Read notices are kept this long, then deleted; unread ones stay. */
export const KEEP_READ_DAYS = 90;

export type NotifyInput = Notice & {
  /** The e-mail of this notice, sent when the user keeps e-mail for its topic; written in their language. */
  mail?: LocalMail;
  /** What it is about, for the outbox's logs: `booking <id>`. */
  about?: string;
  /** Told again while unread (a conversation's unread messages), it replaces the earlier one. */
  collapseKey?: string;
};

/**
 * The channels a user can be reached on. E-mail always: every account signed in with a code sent
 * to its address. WhatsApp and SMS with a number proved by a code; push with a browser subscribed.
 */
const reachableChannels = (r: RecipientRow): ReadonlySet<Channel> =>
  new Set<Channel>(['email', ...(r.phone_verified ? (['whatsapp', 'sms'] as const) : []), ...(r.has_push ? (['push'] as const) : [])]);

/**
 * Tells `notice.userId` of a change, within `tx`, the change's transaction. A suspended user is
 * told nothing (PRODUCT.md section 8) but receipts of their money (the refunds a suspension
 * makes). Returns the notice's id, or undefined when none was stored.
 */
export async function notify(tx: Db, input: NotifyInput, now: Date = new Date()): Promise<string | undefined> {
  const recipient = await selectRecipient(tx, input.userId);
  if (!recipient || (recipient.suspended && !isReceipt(input.kind))) return undefined;
  const id = await insertNotification(tx, { userId: input.userId, kind: input.kind, params: input.params, collapseKey: input.collapseKey ?? null });
  const deliveries = routeNotice({ kind: input.kind, settings: settingsOf(recipient), reachable: reachableChannels(recipient), now });
  for (const d of deliveries) {
    if (d.channel === 'email') {
      if (input.mail) await queueMail(tx, input.mail(recipient.locale), input.about, id);
    } else {
      await upsertDelivery(tx, { notificationId: id, userId: input.userId, channel: d.channel, at: d.at });
    }
  }
  if (deliveries.some((d) => d.channel !== 'email')) await wakeDeliveryWorkers(tx);
  await wakeListeners(tx, NOTICE_CHANNEL, input.userId);
  return id;
}

export async function listNotifications(db: Db, userId: string, before: string | undefined): Promise<{ items: NotificationItem[]; next: string | null; unread: number }> {
  const [atUs, id] = before ? (before.split('_') as [string, string]) : [];
  const rows = await selectNotifications(db, userId, atUs && id ? { atUs, id: id.toLowerCase() } : undefined, NOTIFICATION_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  return {
    items: page.map(({ cursor: _cursor, ...item }) => item),
    next: rows.length > NOTIFICATION_PAGE_SIZE ? page[page.length - 1]!.cursor : null,
    unread: await countUnread(db, userId),
  };
}

export const unreadCount = (db: Db, userId: string) => countUnread(db, userId);

export async function readNotification(db: Db, userId: string, id: string): Promise<void> {
  if (!(await markRead(db, userId, id))) throw notFound('Notification not found');
  await wakeListeners(db, NOTICE_CHANNEL, userId);
}

/** The thing a collapsed notice tells of was seen where it lives (a conversation opened): its notice is read. */
export async function readNoticeOf(db: Db, userId: string, collapseKey: string): Promise<void> {
  if (await markReadByKey(db, userId, collapseKey)) await wakeListeners(db, NOTICE_CHANNEL, userId);
}

export async function readAllNotifications(db: Db, userId: string): Promise<void> {
  await markAllRead(db, userId);
  // The user's other tabs and devices clear their bell too.
  await wakeListeners(db, NOTICE_CHANNEL, userId);
}

/** The channels this app can send by: e-mail always; WhatsApp and SMS with a provider or the test mode; push with VAPID keys. */
export const availableChannels = (phone: PhoneSenders, push: boolean): ReadonlySet<Channel> =>
  new Set<Channel>(['email', ...(phone.whatsapp ? (['whatsapp'] as const) : []), ...(phone.sms ? (['sms'] as const) : []), ...(push ? (['push'] as const) : [])]);

/** `userId`'s choices, and the channels that reach them (those they have that the app can send by). */
export async function notificationSettings(db: Db, userId: string, available: ReadonlySet<Channel>): Promise<NotificationSettings & { reachable: Channel[] }> {
  const recipient = await selectRecipient(db, userId);
  const settings = recipient ? settingsOf(recipient) : settingsWithDefaults(null);
  return { ...settings, reachable: (recipient ? [...reachableChannels(recipient)] : ['email' as const]).filter((c) => available.has(c)) };
}

/** Words that end SMS (TRAI's and the carriers' usual opt-out words). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);

/**
 * A reply to our SMS from `from`: STOP (or another opt-out word) turns SMS off, for every topic,
 * for the account whose verified number it is. Anything else is not acted on.
 */
export async function handleSmsReply(db: Db, from: string, text: string): Promise<void> {
  const phone = normaliseIndianMobile(from);
  const word = text.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  if (!phone || !STOP_WORDS.has(word)) return;
  await db.transaction(async (tx) => {
    const userId = await selectUserByVerifiedPhone(tx, phone);
    if (!userId) return;
    const recipient = await selectRecipient(tx, userId);
    const { topics, quiet } = recipient ? settingsOf(recipient) : settingsWithDefaults(null);
    const without = Object.fromEntries(Object.entries(topics).map(([topic, channels]) => [topic, channels.filter((c) => c !== 'sms')])) as typeof topics;
    await upsertSettings(tx, userId, { topics: without, quiet });
  });
}

export async function saveNotificationSettings(db: Db, userId: string, input: NotificationSettingsInput): Promise<void> {
  const { topics, quiet } = settingsWithDefaults(input);
  await upsertSettings(db, userId, { topics, quiet });
}

/** The one-click unsubscribe of a notice's e-mail: e-mail off for its topic; answers the topic. */
export async function unsubscribeByNotice(db: Db, notificationId: string): Promise<NoticeTopic> {
  return db.transaction(async (tx) => {
    const notice = await selectNoticeOwner(tx, notificationId);
    if (!notice) throw notFound('This unsubscribe link has expired. Choose your e-mails in Notification settings.');
    const recipient = await selectRecipient(tx, notice.userId);
    const { topics, quiet } = recipient ? settingsOf(recipient) : settingsWithDefaults(null);
    const topic = topicOf(notice.kind);
    await upsertSettings(tx, notice.userId, { topics: { ...topics, [topic]: topics[topic].filter((c) => c !== 'email') }, quiet });
    return topic;
  });
}

/** The purge job's part: read notices past KEEP_READ_DAYS. */
export const purgeReadNotifications = (db: Db) => deleteReadNotifications(db, KEEP_READ_DAYS);
