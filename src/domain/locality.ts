import { LISTING_LIMITS } from './listing-limits';

/** A PIN code, alone or after the city ("Ahmedabad 380015", "Ahmedabad - 380015"). */
const PIN = /\b\d{6}\b/g;
/** What may hang at either end of a part once its PIN is gone: "Ahmedabad -". */
const LOOSE_ENDS = /^[\s\-–—,.:;#/]+|[\s\-–—,.:;#/]+$/g;
/**
 * A part that names a door rather than an area: "14", "B-402", "A/12 Shanti Flats", "12 MG Road",
 * "Flat 12", "No. 14", "H. No. 5-3", "Plot 7".
 */
const DOOR = /^(?:[a-z]{0,2}\s*[-/]?\s*)?\d|\b(?:flat|house|h\.?\s*no|no|plot|door|unit|apt|block|tower|wing|floor|room|shop|survey)\b\.?\s*[-#:]?\s*\d/i;
/** A part that names a building or a housing society, which would point at a few homes. */
const BUILDING = /\b(?:towers?|apartments?|apts|residency|residences|society|soc|bungalows?|complex|flats|heights|enclave|villas?|house|niwas|nivas|bhavan|bhawan|building|bldg|block|wing|floor|chs|kunj|sadan|mansion|arcade|plaza|chambers)\b/i;

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/**
 * The locality an address names: its last part before the city ("14, Shaligram Bungalows,
 * Satellite, Ahmedabad 380015" gives "Satellite"), as the listing form suggests it and as the
 * server takes it when a client written to SPEC.md sends no locality. The locality is public, so
 * only an address that goes on past its door and its building to an area gives one (three parts
 * before the city), and never a part that names a door (a house or flat number, a numbered
 * street) or a building (a tower, a society): "" then, which listings show as the city alone.
 */
export function localityFromAddress(address: string, city: string, state = ''): string {
  const parts = address
    .split(',')
    .map((part) => part.replace(PIN, '').replace(/\s+/g, ' ').replace(LOOSE_ENDS, ''))
    .filter((part) => part !== '');
  while (parts.length > 0) {
    const last = parts.at(-1)!;
    if (same(last, city) || same(last, state) || same(last, 'India')) parts.pop();
    else break;
  }
  if (parts.length < 3) return '';
  const candidate = parts.at(-1)!;
  const { min, max } = LISTING_LIMITS.locality;
  if (DOOR.test(candidate) || BUILDING.test(candidate) || candidate.length < min || candidate.length > max) return '';
  return candidate;
}
