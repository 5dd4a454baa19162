import { createHash } from 'node:crypto';
import { addDays, daysBetween, type IsoDate } from '../../../domain/dates';

// The demo's draws and ids: the same on every run (seeded PRNG, name-derived ids), so that only
// dates move with today.

/** The draws for `label`: mulberry32 seeded from the label's hash. */
export const prng = (label: string): (() => number) => mulberry32(createHash('sha256').update(`pawstay-demo:${label}`).digest().readUInt32LE(0));

/** mulberry32: small, fast, good enough for demo data and the benchmarks' mixes. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('seed: pick from an empty list');
  return item;
}
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A stable UUID (version 5 layout) for a demo entity, so every run gives the same ids. */
export function demoId(name: string): string {
  const h = createHash('sha1').update(`pawstay-demo/${name}`).digest('hex');
  const variant = ((Number.parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An instant on a calendar date, India time. */
export function at(date: IsoDate, hour: number, minute = 0): Date {
  const hh = String(hour).padStart(2, '0');
  const mm = String(minute).padStart(2, '0');
  return new Date(`${date}T${hh}:${mm}:00+05:30`);
}

/** `date`, or `minAgeDays` before today when `date` is later than that. */
export function notAfter(date: IsoDate, today: IsoDate, minAgeDays: number): IsoDate {
  const latest = addDays(today, -minAgeDays);
  return daysBetween(date, latest) < 0 ? latest : date;
}

export const firstName = (name: string) => name.split(' ')[0] ?? name;
export const fill = (text: string, v: { pet: string; host: string; owner: string }) =>
  text.replaceAll('{pet}', v.pet).replaceAll('{host}', v.host).replaceAll('{owner}', v.owner);
