import { LISTING_LIMITS } from './listing-limits';

/** A PIN code, alone or after the city ("Ahmedabad 380015"). */
const PIN = /\b\d{6}\b/g;
/** A part that names a door rather than an area: "14", "B-402", "A/12 Shanti Flats", "12 MG Road". */
const DOOR = /^(?:[a-z]{0,2}\s*[-/]?\s*)?\d/i;

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/**
 * The locality an address names: its last part before the city ("14, Shaligram Bungalows,
 * Satellite, Ahmedabad 380015" gives "Satellite"), as the listing form suggests it and as the
 * server takes it when a client written to SPEC.md sends no locality. The locality is public, so a
 * part that names a door (a house or flat number, a numbered street) is never taken: "" then,
 * which listings show as the city alone.
 */
export function localityFromAddress(address: string, city: string, state = ''): string {
  const parts = address
    .split(',')
    .map((part) => part.replace(PIN, '').replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '');
  while (parts.length > 0) {
    const last = parts.at(-1)!;
    if (same(last, city) || same(last, state) || same(last, 'India')) parts.pop();
    else break;
  }
  // One part left is the whole address ("Shaligram Bungalows near Shyamal"): no area to take.
  if (parts.length < 2) return '';
  const candidate = parts.at(-1)!;
  const { min, max } = LISTING_LIMITS.locality;
  if (DOOR.test(candidate) || candidate.length < min || candidate.length > max) return '';
  return candidate;
}
