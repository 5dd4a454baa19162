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

/** What the choice of a channel that cannot reach the user yet means; undefined when all can. */
export function notReachableNote(reachable: readonly Channel[]): string | undefined {
  const waiting = CHANNELS.filter((c) => !reachable.includes(c));
  if (waiting.length === 0) return undefined;
  return waiting.length === 1
    ? `${labels(waiting)} is on its way: what you choose here is saved and used as soon as it can reach you.`
    : `${labels(waiting)} are on their way: what you choose here is saved and used as soon as each one can reach you.`;
}

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
