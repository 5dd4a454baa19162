// A host's home is private until a stay there is paid (PRODUCT.md section 8, issue 23): what
// anyone else sees is its locality and a position moved by a few hundred metres, in a direction
// drawn once per pin and kept, so that asking again (or sorting by distance from anywhere) tells
// nothing more. The exact pin stays on the server for the host and a confirmed guest.

/** How far the public position lies from the home: within the circle the listing page draws. */
export const PUBLIC_OFFSET_METRES = { min: 200, max: 400 } as const;

/** The radius of the area the listing page shows: the home is always inside it. */
export const PUBLIC_AREA_RADIUS_METRES = 500;

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

/**
 * Whether a guest's stay shows them the home's address and pin: paid (confirmed), from then until
 * its last day (India's date). The listing page's query asks the same of the viewer's bookings
 * (server/modules/listings/queries/listings.ts).
 */
export const paidStayShowsAddress = (stay: { status: string; end_date: string }, today: string): boolean =>
  stay.status === 'confirmed' && stay.end_date >= today;

/** The distance between two positions in metres (haversine). */
export function metresBetween(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
