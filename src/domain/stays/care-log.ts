import { formatCareTime } from './care-times';

// The host's care log (PRODUCT.md section 10): ticks with times of what was done for each pet,
// posted with the day's updates and checked against its care sheet; and the daily update that is
// expected of every day of a stay. Pure, and without zod: the stay's page shows these as it draws.

export const CARE_TICK_KINDS = ['fed', 'walked', 'medicine', 'potty', 'played', 'slept'] as const;
export type CareTickKind = (typeof CARE_TICK_KINDS)[number];

export const CARE_TICK_LABELS: Record<CareTickKind, string> = {
  fed: 'Fed',
  walked: 'Walked',
  medicine: 'Medicine given',
  potty: 'Potty',
  played: 'Played',
  slept: 'Slept',
};

export type CareTick = { pet_id: string; kind: CareTickKind; at: string; medicine?: string | null };

/** An update is expected every day of a stay; by this hour, India time, its host is reminded. */
export const UPDATE_REMINDER_HOUR = 20;

/** An update's parts, and updates a day: each one mails the guest, who should not be flooded. */
export const STAY_UPDATE_LIMITS = { photos: 8, note: 1000, ticks: 40, perDay: 12 } as const;

/** "Fed", "Apoquel given": what a tick says was done. */
export const tickLabel = (tick: Pick<CareTick, 'kind' | 'medicine'>): string =>
  tick.kind === 'medicine' && tick.medicine ? `${tick.medicine} given` : CARE_TICK_LABELS[tick.kind];

/** "Fed at 8:05 am", "Apoquel given at 8:00 pm". */
export const tickText = (tick: Pick<CareTick, 'kind' | 'at' | 'medicine'>): string => `${tickLabel(tick)} at ${formatCareTime(tick.at)}`;

/**
 * What the care sheets ask for by `now` (India's time of day, "HH:MM") that today's ticks do not
 * show yet, earliest first: "Bruno's food due at 8:00 am: not yet ticked", "Apoquel due at
 * 8:00 pm: not yet ticked". Each time that has come asks for one tick of its kind (a feeding,
 * that medicine) for that pet; ticks are counted, not matched to the minute, as a host feeds a
 * little early or late.
 */
/** What careDue reads of a care sheet: its feeding and medicine times. */
type SheetTimes = { food: { times: readonly string[] }; medicines: readonly { name: string; times: readonly string[] }[] };

export function careDue(pets: readonly { id: string; name: string; sheet: SheetTimes | null }[], ticks: readonly CareTick[], now: string): string[] {
  const due: { at: string; text: string }[] = [];
  const missing = (times: readonly string[], done: number, text: (at: string) => string) => {
    const passed = times.filter((t) => t <= now);
    for (const at of passed.slice(done)) due.push({ at, text: text(at) });
  };
  for (const pet of pets) {
    if (!pet.sheet) continue;
    const mine = ticks.filter((t) => t.pet_id === pet.id);
    missing(pet.sheet.food.times, mine.filter((t) => t.kind === 'fed').length, (at) => `${pet.name}'s food due at ${formatCareTime(at)}: not yet ticked`);
    for (const m of pet.sheet.medicines) {
      const given = mine.filter((t) => t.kind === 'medicine' && (t.medicine ?? '').trim().toLowerCase() === m.name.trim().toLowerCase()).length;
      missing(m.times, given, (at) => `${m.name} for ${pet.name} due at ${formatCareTime(at)}: not yet ticked`);
    }
  }
  return due.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).map((d) => d.text);
}

/** Whether the host is to be reminded of today's update at `hour` (India): a stay under way, no update yet today. */
export const updateReminderDue = (stay: { status: string }, updatesToday: number, hour: number): boolean =>
  stay.status === 'in_stay' && updatesToday === 0 && hour >= UPDATE_REMINDER_HOUR;
