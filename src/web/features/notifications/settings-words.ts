import { type Channel, CHANNEL_LABELS, CHANNELS, INTERRUPTING } from '@/domain/notifications/routing';

// The settings page's words that follow from the channels (domain/notifications/routing.ts): which
// wait through quiet hours, which cannot reach the user yet. Written from the lists, so that they
// stay true as channels join.

/** The column every notice goes to, whatever the user chooses. */
export const IN_APP = 'In the app';

/** "Push, WhatsApp and SMS". */
export function listOf(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const labels = (channels: readonly Channel[]) => listOf(channels.map((c) => CHANNEL_LABELS[c]));

/** The channels that reach a user only at a mobile number they have verified. */
export const PHONE_CHANNELS: readonly Channel[] = ['whatsapp', 'sms'];

/** The channels a user turns on per device, with a control of their own on the page (push). */
export const DEVICE_CHANNELS: readonly Channel[] = ['push'];

/** Why some chosen channels cannot reach the user now; each part absent when it does not apply. */
export type NotReachableNotes = {
  /** The channels a verified number would add, as the link to the profile and the words after it. */
  verify?: { link: string; rest: string };
  /** The channels that cannot reach anyone yet. */
  waiting?: string;
};

/**
 * What the choice of a channel that cannot reach the user now means: WhatsApp and SMS wait for a
 * verified mobile number; push for a device where it is turned on, which its own control says;
 * any other is still on its way.
 */
export function notReachableNotes(reachable: readonly Channel[], phoneVerified: boolean): NotReachableNotes {
  const unreached = CHANNELS.filter((c) => !reachable.includes(c) && !DEVICE_CHANNELS.includes(c));
  const needNumber = phoneVerified ? [] : unreached.filter((c) => PHONE_CHANNELS.includes(c));
  const waiting = unreached.filter((c) => !needNumber.includes(c));
  return {
    verify: needNumber.length > 0 ? { link: 'Verify your mobile number', rest: ` on your profile to get ${labels(needNumber)}.` } : undefined,
    waiting:
      waiting.length === 0
        ? undefined
        : waiting.length === 1
          ? `${labels(waiting)} is on its way: what you choose here is saved and used as soon as it can reach you.`
          : `${labels(waiting)} are on their way: what you choose here is saved and used as soon as each one can reach you.`,
  };
}

/** Push on Apple's phones and tablets (issue 38): only in an app added to the Home Screen. */
export const IOS_PUSH_NOTE = 'On iPhone and iPad, push works once PawStay is added to the Home Screen (Share, then Add to Home Screen; iOS 16.4 or later).';

/** What quiet hours hold back, and what they do not. */
export function quietHoursHint(): string {
  const held = CHANNELS.filter((c) => INTERRUPTING.has(c));
  const notHeld = CHANNELS.filter((c) => !INTERRUPTING.has(c));
  return `${labels(held)} ${held.length === 1 ? 'waits' : 'wait'} until quiet hours end, except urgent problems on a stay. ${labels(notHeld)} ${notHeld.length === 1 ? 'is' : 'are'} not held back.`;
}

/** "10:00 pm": a time of day given in minutes after midnight. */
export function clockLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${h % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** The times quiet hours may start or end at: every half hour, and `also` (a time saved off that grid). */
export function quietTimes(...also: number[]): number[] {
  const times = new Set(Array.from({ length: 48 }, (_, i) => i * 30));
  for (const t of also) times.add(t);
  return [...times].sort((a, b) => a - b);
}
