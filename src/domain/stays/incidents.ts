import type { BookingStatus } from '../bookings';
import { addDays, instantInIndia, type IsoDate } from '../dates';
import { listWords, type Words } from '../words';

// When something goes wrong (PRODUCT.md section 10): either side of a stay reports a problem
// during it or within 48 hours after; health and escape are urgent (the pet's vet and emergency
// contact are shown at once, and operators are alerted); an operator resolves it, refunding part
// or all of the stay if that is fair, and the host's payout waits while one is open. Pure, and
// without zod (the report's schema is incident-form.ts).

/** What either side can report. */
export const REPORT_KINDS = ['health', 'escape', 'behaviour', 'damage', 'other'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** And a no-show, which the lifecycle job opens (domain/stays/arrival.ts). */
export const INCIDENT_KINDS = [...REPORT_KINDS, 'no_show'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

export const INCIDENT_KIND_LABELS: Record<ReportKind, string> = {
  health: 'Health: illness, injury or a vet visit',
  escape: 'Escape: the pet got out or is missing',
  behaviour: 'Behaviour: biting, fighting or distress',
  damage: 'Damage to the home',
  other: 'Something else',
};

/** Short names, for lists and subjects. */
export const INCIDENT_KIND_NAMES: Record<IncidentKind, string> = {
  health: /*i18n*/ 'Health',
  escape: /*i18n*/ 'Escape',
  behaviour: /*i18n*/ 'Behaviour',
  damage: /*i18n*/ 'Damage',
  other: /*i18n*/ 'Other',
  no_show: /*i18n*/ 'Not checked in',
};

/** Health and escape cannot wait: operators are alerted at once. */
export const isUrgent = (kind: IncidentKind): boolean => kind === 'health' || kind === 'escape';

export const INCIDENT_LIMITS = {
  description: 2000,
  /** Each report mails the other side (and, when urgent, every operator). */
  perStay: 10,
  resolution: 1000,
  /** Hours after the stay ends during which either side may still report. */
  hoursAfter: 48,
  /** Photos on one report: the injury, the damage, the gap in the fence. */
  photos: 4,
} as const;

export const INCIDENT_MESSAGES = {
  window: `A problem can be reported during a stay and for ${INCIDENT_LIMITS.hoursAfter} hours after it`,
  tooMany: 'This stay has many reports already: our team has them, and will be in touch',
  kind: 'Choose what happened',
  description: 'Tell us what happened',
  descriptionLong: `Keep it under ${INCIDENT_LIMITS.description} characters`,
  resolution: 'Write what was decided: both sides read it',
  resolutionLong: `Keep it under ${INCIDENT_LIMITS.resolution} characters`,
  percent: 'The refund is a whole percentage from 0 to 100',
  resolved: 'This problem is already resolved',
  refundedBefore: 'This stay has been refunded for a problem already: resolve this one with 0%',
  notPaid: 'This stay was never paid, so there is nothing to refund: resolve it with 0%',
  nothingLeft: "Nothing is left of this stay's payment to refund: resolve it with 0%",
  note: 'Write the note',
  noteLong: `Keep it under ${INCIDENT_LIMITS.resolution} characters`,
  message: 'Write the message to both sides',
  tooManyPhotos: `Add up to ${INCIDENT_LIMITS.photos} photos`,
} as const;

export type IncidentStatus = 'open' | 'resolved';

/** What each side reads of an incident's state. */
export const INCIDENT_STATUS_LINES: Record<IncidentStatus, string> = {
  open: 'Open: our team is looking into it',
  resolved: 'Resolved',
};

/**
 * The line an urgent report leads with, over the pets' vets and emergency contacts ("Bruno needs
 * a vet now"); null for a report that is not urgent.
 */
export function urgentHeadline(kind: IncidentKind, petNames: readonly string[], w: Words): string | null {
  if (!isUrgent(kind)) return null;
  const names = (w.list ?? listWords)(petNames);
  const one = petNames.length <= 1;
  if (kind === 'health') {
    if (!names) return w.say(/*i18n*/ 'The pet needs a vet now');
    return one ? w.say(/*i18n*/ '{names} needs a vet now', { names }) : w.say(/*i18n*/ '{names} need a vet now', { names });
  }
  if (!names) return w.say(/*i18n*/ 'The pet is missing: search nearby and call now');
  return one ? w.say(/*i18n*/ '{names} is missing: search nearby and call now', { names }) : w.say(/*i18n*/ '{names} are missing: search nearby and call now', { names });
}

type Stay = { status: BookingStatus; end_date: IsoDate; checked_out_at: Date | string | null };

/** When a stay's problems can no longer be reported: 48 hours after it ended (the check-out, else the end of its last day). */
export function reportUntil(stay: Stay): Date {
  const ended = stay.checked_out_at ? new Date(stay.checked_out_at) : instantInIndia(addDays(stay.end_date, 1), 0);
  return new Date(ended.getTime() + INCIDENT_LIMITS.hoursAfter * 3_600_000);
}

/** Why a problem cannot be reported on the stay at `now`; null when it can: under way, or ended less than 48 hours ago. */
export function reportProblem(stay: Stay, now: Date): string | null {
  if (stay.status === 'in_stay') return null;
  if (stay.status === 'completed' && now.getTime() < reportUntil(stay).getTime()) return null;
  return INCIDENT_MESSAGES.window;
}
