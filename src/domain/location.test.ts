import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { metresBetween, PUBLIC_AREA_RADIUS_METRES, PUBLIC_OFFSET_METRES, publicPosition } from './location';

describe('the public position of a home', () => {
  it('lies a few hundred metres away, inside the area the listing page draws, in any direction', () => {
    fc.assert(
      fc.property(fc.double({ min: -60, max: 60, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true }), fc.double({ min: 0, max: 0.999999, noNaN: true }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (lat, lng, a, b) => {
          const draws = [a, b];
          const moved = publicPosition({ lat, lng }, () => draws.shift()!);
          const metres = metresBetween({ lat, lng }, moved);
          // Rounding to six decimals moves it by at most about 15 cm.
          expect(metres).toBeGreaterThan(PUBLIC_OFFSET_METRES.min - 1);
          expect(metres).toBeLessThan(PUBLIC_OFFSET_METRES.max + 1);
          expect(metres).toBeLessThan(PUBLIC_AREA_RADIUS_METRES);
        },
      ),
    );
  });

  it('stays a valid position at the poles and across the antimeridian', () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (lat, lng, a) => {
        const moved = publicPosition({ lat, lng }, () => a);
        expect(moved.lat).toBeGreaterThanOrEqual(-90);
        expect(moved.lat).toBeLessThanOrEqual(90);
        expect(moved.lng).toBeGreaterThanOrEqual(-180);
        expect(moved.lng).toBeLessThanOrEqual(180);
      }),
    );
    expect(publicPosition({ lat: 90, lng: 0 }, () => 0.3).lng).toBeGreaterThanOrEqual(-180);
    expect(publicPosition({ lat: 0, lng: 179.999 }, () => 0.25).lng).toBeLessThan(-179.99);
  });

  it('is the same for the same draws, and another for others', () => {
    const home = { lat: 23.0395, lng: 72.511 };
    expect(publicPosition(home, () => 0.25)).toEqual(publicPosition(home, () => 0.25));
    expect(publicPosition(home, () => 0.25)).not.toEqual(publicPosition(home, () => 0.75));
    // North at the smallest distance: 200 m is 0.0018 degrees of latitude.
    expect(publicPosition(home, () => 0)).toEqual({ lat: 23.041297, lng: 72.511 });
  });
});
