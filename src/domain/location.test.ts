import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { metresBetween, type Position, PUBLIC_AREA_RADIUS_METRES, PUBLIC_OFFSET_METRES, publicPosition, publicPositionFor, SAME_PLACE_METRES } from './location';

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

describe('one public position per place (issue 34)', () => {
  const home = { lat: 23.0412345, lng: 72.5123456 };
  /** `metres` from `from` at `bearing` degrees (north 0, east 90). */
  const moved = (from: Position, metres: number, bearing: number): Position => {
    const b = (bearing * Math.PI) / 180;
    return {
      lat: from.lat + (metres * Math.cos(b)) / 111_320,
      lng: from.lng + (metres * Math.sin(b)) / (111_320 * Math.cos((from.lat * Math.PI) / 180)),
    };
  };
  const draws = (...values: number[]) => () => values.shift() ?? 0.5;

  it('gives a pin at a place the host already has that place’s position, nearest first, and draws elsewhere', () => {
    const first = { exact: home, public: publicPosition(home, draws(0.3, 0.7)) };
    expect(publicPositionFor(home, [first], draws(0.9, 0.1))).toEqual(first.public);
    const next = moved(home, 90, 45);
    expect(publicPositionFor(next, [first], draws(0.9, 0.1))).toEqual(first.public);
    const far = moved(home, 150, 45);
    expect(publicPositionFor(far, [first], draws(0.9, 0.1))).toEqual(publicPosition(far, draws(0.9, 0.1)));
    const other = { exact: moved(home, 40, 0), public: publicPosition(moved(home, 40, 0), draws(0.1, 0.2)) };
    expect(publicPositionFor(moved(home, 30, 0), [first, other], draws(0.9, 0.1))).toEqual(other.public);
  });

  it('never shares a position that would leave the home outside its area or near its centre', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.999, noNaN: true }), fc.double({ min: 0, max: 0.999, noNaN: true }), fc.integer({ min: 0, max: 359 }), fc.integer({ min: 0, max: 120 }), (d, b, bearing, metres) => {
        const first = { exact: home, public: publicPosition(home, draws(d, b)) };
        // A chain: a place 100 m from the first, then a pin up to 120 m beyond it.
        const middle = moved(home, SAME_PLACE_METRES, bearing);
        const second = { exact: middle, public: publicPositionFor(middle, [first], draws(0.5, 0.5)) };
        const pin = moved(middle, metres, bearing);
        const given = publicPositionFor(pin, [first, second], draws(0.5, 0.5));
        const fromHome = metresBetween(pin, given);
        expect(fromHome).toBeGreaterThanOrEqual(PUBLIC_OFFSET_METRES.min - SAME_PLACE_METRES - 1);
        expect(fromHome).toBeLessThanOrEqual(PUBLIC_AREA_RADIUS_METRES + 1);
      }),
    );
  });
});
