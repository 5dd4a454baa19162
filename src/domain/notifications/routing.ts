import { isUrgent, NOTICE_TOPICS, type NoticeKind, type NoticeTopic, topicOf } from './notices';

// Which channels carry a notice (PRODUCT.md section 11): the in-app list always; beyond it, the
// channels the user chose for its topic among those they have, with the interrupting ones held
// back through quiet hours unless the notice is urgent.

/** The channels beyond the app, in the settings page's order. */
export const CHANNELS = ['email', 'push', 'whatsapp', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = { email: /*i18n*/ 'E-mail', push: /*i18n*/ 'Push', whatsapp: /*i18n*/ 'WhatsApp', sms: /*i18n*/ 'SMS' };

/** Those that buzz a phone: quiet hours hold them back. E-mail waits in the inbox by itself. */
export const INTERRUPTING: ReadonlySet<Channel> = new Set(['push', 'whatsapp', 'sms']);

export type TopicChannels = Record<NoticeTopic, Channel[]>;

/**
 * Until a user chooses: what asks for an answer in time (requests, payment deadlines, problems)
 * by every channel they have; messages by push and the unread e-mail; the rest by e-mail and push.
 */
export const DEFAULT_TOPIC_CHANNELS: TopicChannels = {
  requests: ['email', 'push', 'whatsapp', 'sms'],
  payments: ['email', 'push', 'whatsapp', 'sms'],
  bookings: ['email', 'push'],
  messages: ['email', 'push'],
  stay: ['email', 'push'],
  problems: ['email', 'push', 'whatsapp', 'sms'],
  payouts: ['email', 'push'],
  account: ['email'],
};

/** Minutes after midnight, India time. Start after end spans midnight (the default, 22:00 to 07:00). */
export type QuietHours = { start: number; end: number };
export const DEFAULT_QUIET_HOURS: QuietHours = { start: 22 * 60, end: 7 * 60 };

export type NotificationSettings = { topics: TopicChannels; quiet: QuietHours | null };
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { topics: DEFAULT_TOPIC_CHANNELS, quiet: DEFAULT_QUIET_HOURS };

/** A user's saved choices over the defaults: a topic they never set keeps its default. */
export function settingsWithDefaults(saved: { topics?: Partial<TopicChannels> | null; quiet?: QuietHours | null } | null | undefined): NotificationSettings {
  const topics = { ...DEFAULT_TOPIC_CHANNELS };
  for (const t of NOTICE_TOPICS) {
    const chosen = saved?.topics?.[t];
    if (chosen) topics[t] = CHANNELS.filter((c) => chosen.includes(c));
  }
  return { topics, quiet: saved === null || saved === undefined || saved.quiet === undefined ? DEFAULT_QUIET_HOURS : saved.quiet };
}

const INDIA_OFFSET_MIN = 330;
const DAY_MIN = 1440;

/** When quiet hours that hold `now` end; undefined when `now` is outside them. */
export function quietUntil(quiet: QuietHours | null, now: Date): Date | undefined {
  if (!quiet || quiet.start === quiet.end) return undefined;
  const minuteOfDay = Math.floor((now.getTime() / 60_000 + INDIA_OFFSET_MIN) % DAY_MIN);
  const inside = quiet.start < quiet.end ? minuteOfDay >= quiet.start && minuteOfDay < quiet.end : minuteOfDay >= quiet.start || minuteOfDay < quiet.end;
  if (!inside) return undefined;
  const wait = (quiet.end - minuteOfDay + DAY_MIN) % DAY_MIN;
  const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + wait * 60_000);
}

export type Delivery = { channel: Channel; at: Date };

/**
 * The deliveries of a notice of `kind` to a user with `settings`, who can be reached on
 * `reachable` (a verified address or number, a push subscription), at `now`.
 */
export function routeNotice(input: { kind: NoticeKind; settings: NotificationSettings; reachable: ReadonlySet<Channel>; now: Date }): Delivery[] {
  const { kind, settings, reachable, now } = input;
  const held = isUrgent(kind) ? undefined : quietUntil(settings.quiet, now);
  return settings.topics[topicOf(kind)]
    .filter((c) => reachable.has(c))
    .map((channel) => ({ channel, at: held && INTERRUPTING.has(channel) ? held : now }));
}
