import { type CancellationPolicy, checkInAt, fullRefundDeadline } from './money/cancellation';
import { type IsoDate, todayInIndia } from './dates';

// A host's home is private until a paid guest has something at stake (PRODUCT.md section 8,
// issues 23 and 34): what anyone else sees is its locality and a position moved by a few hundred
// metres, in a direction drawn once per place and kept, so that asking again (or sorting by
// distance from anywhere, or comparing the host's listings there) tells nothing more. The exact
// pin stays on the server for the host and a paid guest.

/** How far the public position lies from the home: within the circle the listing page draws. */
export const PUBLIC_OFFSET_METRES = { min: 200, max: 400 } as const;

/** The radius of the area the listing page shows: the home is always inside it. */
export const PUBLIC_AREA_RADIUS_METRES = 500;

/**
 * Pins of one host this close are one place (a flat and its annexe, a pin placed again): they
 * share one public position, so that comparing the host's listings there tells nothing more than
 * one of them does (issue 34: six positions drawn apart put the home within 13 m).
 */
export const SAME_PLACE_METRES = 100;

/**
 * A shared position must still keep the home inside the area and away from its centre: drawn
 * 200-400 m from a pin at most 100 m away, it lies 100-500 m from this one.
 */
const SHARED_POSITION_METRES = { min: PUBLIC_OFFSET_METRES.min - SAME_PLACE_METRES, max: PUBLIC_AREA_RADIUS_METRES } as const;

const METRES_PER_DEGREE = 111_320;

export type Position = { lat: number; lng: number };

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Into -180 to 180: past the antimeridian is the other side of it. */
const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * The public position of a home at `exact`: `random()` (0 to 1, drawn twice) picks the distance
 * and the bearing; the server passes a cryptographic source, tests a fixed one.
 */
export function publicPosition(exact: Position, random: () => number): Position {
  const metres = PUBLIC_OFFSET_METRES.min + random() * (PUBLIC_OFFSET_METRES.max - PUBLIC_OFFSET_METRES.min);
  const bearing = random() * 2 * Math.PI;
  const lat = exact.lat + (metres * Math.cos(bearing)) / METRES_PER_DEGREE;
  // A degree of longitude shrinks towards the poles; at a pole itself any longitude is the spot.
  const cosLat = Math.max(Math.cos((exact.lat * Math.PI) / 180), 0.01);
  const lng = exact.lng + (metres * Math.sin(bearing)) / (METRES_PER_DEGREE * cosLat);
  return { lat: round6(Math.max(-90, Math.min(90, lat))), lng: round6(wrapLongitude(lng)) };
}

/** However the stay may be cancelled, a paid guest sees the address from this long before check-in. */
export const ADDRESS_HOURS_BEFORE_CHECK_IN = 48;

export type PaidStay = { status: string; start_date: IsoDate; end_date: IsoDate; cancellation_policy: CancellationPolicy };

/**
 * When a paid stay starts to show its guest the home's address and pin (decision 038): once they
 * have something at stake, that is once cancelling would no longer refund them in full (at once
 * under a policy that never does), or from 48 hours before check-in, whichever comes first. A
 * free cancellation would otherwise buy the address for nothing.
 */
export function addressShownFrom(stay: Pick<PaidStay, 'start_date' | 'cancellation_policy'>): Date {
  const beforeCheckIn = new Date(checkInAt(stay.start_date).getTime() - ADDRESS_HOURS_BEFORE_CHECK_IN * 3_600_000);
  const fullRefundUntil = fullRefundDeadline(stay.cancellation_policy, stay.start_date);
  // The deadline itself still refunds in full (domain/cancellation.ts): the moment after it.
  if (fullRefundUntil === null) return new Date(0);
  return new Date(Math.min(fullRefundUntil.getTime() + 1, beforeCheckIn.getTime()));
}

/**
 * Whether a guest's stay shows them the home's address and pin at `now`: paid (confirmed, or under way), from
 * `addressShownFrom` until its last day (India's date). The listing page and the booking answers
 * both ask this.
 */
export const paidStayShowsAddress = (stay: PaidStay, now: Date): boolean =>
  isPaidStay(stay.status) && stay.end_date >= todayInIndia(now) && now.getTime() >= addressShownFrom(stay).getTime();

/**
 * When a paid stay that does not show the address yet will: the booking card says so. Null when
 * it already does, or never will (not paid, or over).
 */
export function addressComesAt(stay: PaidStay, now: Date): Date | null {
  if (!isPaidStay(stay.status) || stay.end_date < todayInIndia(now)) return null;
  const from = addressShownFrom(stay);
  return now.getTime() < from.getTime() ? from : null;
}

/** A stay paid for and not over: confirmed, or under way (checked in). */
const isPaidStay = (status: string) => status === 'confirmed' || status === 'in_stay';

/** One of a host's places: the pin they placed, and the public position it was given. */
export type Place = { exact: Position; public: Position };

/**
 * The public position for a host's pin at `exact`: the one of their nearest place within
 * SAME_PLACE_METRES (the listing's own pin before an edit among them), so one place shows one
 * position however many listings it has and however often the pin is nudged; a new draw
 * otherwise. A place whose position would not keep this home inside its area (the far end of a
 * chain of pins each 100 m from the last) is passed over.
 */
export function publicPositionFor(exact: Position, places: readonly Place[], random: () => number): Position {
  let nearest: { metres: number; position: Position } | undefined;
  for (const place of places) {
    const metres = metresBetween(exact, place.exact);
    if (metres > SAME_PLACE_METRES || (nearest && nearest.metres <= metres)) continue;
    const fromHome = metresBetween(exact, place.public);
    if (fromHome < SHARED_POSITION_METRES.min || fromHome > SHARED_POSITION_METRES.max) continue;
    nearest = { metres, position: place.public };
  }
  return nearest?.position ?? publicPosition(exact, random);
}

/** The distance between two positions in metres (haversine). */
export function metresBetween(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
