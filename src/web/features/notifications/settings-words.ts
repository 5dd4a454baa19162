import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { format } from '@/domain/dates-in-language';
import type { NoticeTopic } from '@/domain/notifications/notices';
import { type Channel, CHANNEL_LABELS, CHANNELS, INTERRUPTING } from '@/domain/notifications/routing';
import { formatList, localeOf } from '@/web/i18n/i18n';
import { inPageLanguage } from '@/web/i18n/known-words';

// The settings page's words that follow from the channels (domain/notifications/routing.ts): which
// wait through quiet hours, which cannot reach the user yet. Written from the lists, so that they
// stay true as channels join, in the page's language.

/** Each topic's name and what it covers, in the page's order (domain NOTICE_TOPICS). */
export const TOPIC_LABELS = {
  requests: { label: msg`Booking requests`, hint: msg`A request for your home, and the answers to yours` },
  payments: { label: msg`Payments`, hint: msg`Pay-by deadlines, receipts and refunds` },
  bookings: { label: msg`Bookings`, hint: msg`Stays confirmed or cancelled` },
  messages: { label: msg`Messages`, hint: msg`Messages you have not read after 15 minutes` },
  stay: { label: msg`During a stay`, hint: msg`Meet-and-greets, daily updates, check-in and check-out` },
  problems: { label: msg`Problems on a stay`, hint: msg`A problem reported, and how it was resolved` },
  payouts: { label: msg`Payouts`, hint: msg`Money paid to you, held, or due back` },
  account: { label: msg`Your account`, hint: msg`Verification and reports you made` },
} satisfies Record<NoticeTopic, unknown>;

/** The column every notice goes to, whatever the user chooses. */
export const inApp = (i18n: I18n) => i18n._(msg`In the app`);

/** A channel's name: "E-mail", "ઈ-મેલ". */
export const channelName = (channel: Channel, i18n: I18n) => inPageLanguage(i18n, CHANNEL_LABELS[channel]);

/** "Push, WhatsApp and SMS", "Push, WhatsApp અને SMS". */
const names = (channels: readonly Channel[], i18n: I18n) => formatList(channels.map((c) => channelName(c, i18n)), i18n);

/** The channels that reach a user only at a mobile number they have verified. */
export const PHONE_CHANNELS: readonly Channel[] = ['whatsapp', 'sms'];

/** The channels a user turns on per device, with a control of their own on the page (push). */
export const DEVICE_CHANNELS: readonly Channel[] = ['push'];

/** Why some chosen channels cannot reach the user now; each part absent when it does not apply. */
export type NotReachableNotes = {
  /** The channels a verified number would add, named as a list. */
  verify?: { channels: string };
  /** The channels that cannot reach anyone yet. */
  waiting?: string;
};

/**
 * What the choice of a channel that cannot reach the user now means: WhatsApp and SMS wait for a
 * verified mobile number; push for a device where it is turned on, which its own control says;
 * any other is still on its way.
 */
export function notReachableNotes(reachable: readonly Channel[], phoneVerified: boolean, i18n: I18n): NotReachableNotes {
  const unreached = CHANNELS.filter((c) => !reachable.includes(c) && !DEVICE_CHANNELS.includes(c));
  const needNumber = phoneVerified ? [] : unreached.filter((c) => PHONE_CHANNELS.includes(c));
  const waiting = unreached.filter((c) => !needNumber.includes(c));
  const list = names(waiting, i18n);
  return {
    verify: needNumber.length > 0 ? { channels: names(needNumber, i18n) } : undefined,
    waiting:
      waiting.length === 0
        ? undefined
        : i18n._(
            msg`${plural(waiting.length, {
              one: `${list} is on its way: what you choose here is saved and used as soon as it can reach you.`,
              other: `${list} are on their way: what you choose here is saved and used as soon as each one can reach you.`,
            })}`,
          ),
  };
}

/** Push on Apple's phones and tablets (issue 38): only in an app added to the Home Screen. */
export const iosPushNote = (i18n: I18n) =>
  i18n._(msg`On iPhone and iPad, push works once PawStay is added to the Home Screen (Share, then Add to Home Screen; iOS 16.4 or later).`);

/** What quiet hours hold back, and what they do not. */
export function quietHoursHint(i18n: I18n): string {
  const held = CHANNELS.filter((c) => INTERRUPTING.has(c));
  const notHeld = CHANNELS.filter((c) => !INTERRUPTING.has(c));
  const heldNames = names(held, i18n);
  const freeNames = names(notHeld, i18n);
  const waits = i18n._(msg`${plural(held.length, { one: `${heldNames} waits until quiet hours end, except urgent problems on a stay.`, other: `${heldNames} wait until quiet hours end, except urgent problems on a stay.` })}`);
  const free = i18n._(msg`${plural(notHeld.length, { one: `${freeNames} is not held back.`, other: `${freeNames} are not held back.` })}`);
  return `${waits} ${free}`;
}

/** "10:00 pm", "10:00 રાત્રે": a time of day given in minutes after midnight. */
export function clockLabel(minutes: number, i18n: I18n): string {
  const h = Math.floor(minutes / 60);
  const locale = localeOf(i18n);
  if (locale !== 'en') return format(locale, 'clock', { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' }).format(new Date(Date.UTC(2000, 0, 1, h, minutes % 60)));
  return `${h % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** The times quiet hours may start or end at: every half hour, and `also` (a time saved off that grid). */
export function quietTimes(...also: number[]): number[] {
  const times = new Set(Array.from({ length: 48 }, (_, i) => i * 30));
  for (const t of also) times.add(t);
  return [...times].sort((a, b) => a - b);
}
