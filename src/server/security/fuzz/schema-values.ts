import fc from 'fast-check';
import { addDays, todayInIndia } from '../../../domain/dates';
import { BOOKING_STATUSES } from '../../../domain/bookings';
import { PET_SIZES, STAY_SIZES } from '../../../domain/pet-sizes';
import { PET_TYPES } from '../../../domain/pet-types';
import { LISTING_STATUSES } from '../../../domain/contracts/listing';
import { SEARCH_SORTS } from '../../../domain/contracts/search';
import { FRAGMENTS, hostileJson, hostileScalar, keyArb } from './hostile';
import { type JsonSchema, propertiesOf } from './operations';

// Plausible values for the fuzz suite, from a route's own schemas and a field's name: enums,
// formats and limits (and one past each), and the ids of rows that exist, so that some requests
// get past the first check.

export type FuzzContext = {
  /** Ids of rows that exist (a listing, a booking, a pet...): a random uuid finds nothing. */
  knownIds: string[];
  /** The same ids by kind (listing, photo, pet, booking, conversation, user): a field or path
   * segment naming a kind gets its ids more often. */
  idsByKind: Record<string, string[]>;
  /** A small real JPEG, so that an upload can succeed. */
  jpeg: Buffer;
};

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** The known ids of the kind `name` names (listingId, photo_ids, /api/pets/{id}), or all of them. */
export function idsFor(name: string, ctx: FuzzContext): string[] {
  const n = name.toLowerCase();
  const kind = Object.keys(ctx.idsByKind).find((k) => n.includes(k));
  return kind ? ctx.idsByKind[kind]! : ctx.knownIds;
}

export function uuidArb(ctx: FuzzContext, name = ''): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...idsFor(name, ctx)) },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.knownIds) },
    { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(NIL_UUID, 'ffffffff-ffff-ffff-ffff-ffffffffffff') },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.knownIds).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.knownIds).map((id) => id.replaceAll('-', '')) },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.knownIds).map((id) => `{${id}}`) },
  );
}

const dateArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -10, max: 420 }).map((d) => addDays(todayInIndia(), d)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '2026-1-1', '2026-03-10T00:00:00Z', '10/03/2026', '1970-01-01', '+275760-09-13'),
  },
);

const intText = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map(String);

/** Values fit for a field of this name, when the schema says little (query params are all text). */
function byName(name: string, ctx: FuzzContext): fc.Arbitrary<unknown> | undefined {
  const n = name.toLowerCase();
  if (n.includes('email')) {
    return fc.oneof(fc.emailAddress(), fc.constantFrom('fuzz@example.com', ' FUZZ@Example.COM ', 'a@b', '@', 'a@b.c', `${'a'.repeat(250)}@example.com`));
  }
  if (n === 'code') return fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom('12345', '1234567', ' 123456 ', '١٢٣٤٥٦'));
  if (n.endsWith('id') || n.endsWith('ids')) return uuidArb(ctx, name);
  if (n === 'from' || n === 'to' || n.includes('date')) return dateArb;
  if (n.includes('phone')) return fc.constantFrom('+91 98765 43210', '9876543210', '098765-43210', '12345', '+1 555 0100');
  if (n === 'size') {
    return fc.oneof(fc.constantFrom(...STAY_SIZES, ...PET_SIZES), fc.subarray([...STAY_SIZES]).map((s) => s.join(',')));
  }
  if (n === 'type') return fc.constantFrom(...PET_TYPES);
  if (n === 'sort') return fc.constantFrom(...SEARCH_SORTS);
  if (n === 'status') return fc.constantFrom(...BOOKING_STATUSES, ...LISTING_STATUSES, 'Accepted', 'all');
  if (['page', 'pagesize', 'before', 'after', 'seq'].includes(n)) return fc.oneof(intText(0, 200), fc.constantFrom('1', '5', '2147483648', '9007199254740993'));
  if (n.includes('price')) return intText(0, 120_000);
  if (['north', 'south', 'lat'].includes(n)) return fc.double({ min: -95, max: 95, noNaN: true }).map((v) => v.toFixed(4));
  if (['east', 'west', 'lng'].includes(n)) return fc.double({ min: -185, max: 185, noNaN: true }).map((v) => v.toFixed(4));
  if (n === 'verified') return fc.constantFrom('true', 'false', 'yes');
  if (n === 'city') return fc.constantFrom('Ahmedabad', 'ahmedabad', 'Gandhinagar', 'Mumbai');
  return undefined;
}

/** Text of about the lengths the schema allows, and one past each end. */
function textArb(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 80, 5_000);
  const lengths = [...new Set([min, Math.max(min - 1, 0), max, max + 1])];
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max, 200)) }) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '🐶', ' ')).map(([n, c]) => c.repeat(n)) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FRAGMENTS), fc.integer({ min, max: Math.max(min, Math.min(max, 300)) })).map(([f, n]) => (f + ' pad'.repeat(n)).slice(0, n)) },
  );
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const lo = Math.ceil(schema.minimum ?? (exMin !== undefined ? exMin + 1 : -1_000));
  const hi = Math.floor(schema.maximum ?? (exMax !== undefined ? exMax - 1 : 1_000));
  // fc.integer draws 32-bit integers; the edges and the hostile numbers go further.
  const safeLo = Math.min(Math.max(lo, -(2 ** 31)), 2 ** 31 - 1);
  const safeHi = Math.min(Math.max(hi, safeLo), 2 ** 31 - 1);
  const edges = [lo, hi, lo - 1, hi + 1, 0].filter(Number.isFinite);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: safeLo, max: safeHi }) },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    ...(integer ? [] : [{ weight: 1, arbitrary: fc.double({ min: safeLo, max: safeHi, noNaN: true }) }]),
  );
}

function typesOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** A value the schema may accept (or just miss): its enum, format, limits and nested fields. */
export function plausible(schema: JsonSchema, name: string, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].filter((b) => !typesOf(b).includes('null'));
  if (branches.length) return fc.oneof(...branches.map((b) => plausible(b, name, ctx, depth)));
  const types = typesOf(schema).filter((t) => t !== 'null');
  const type = types[0];
  const hint = byName(name, ctx);
  if (type === 'array') {
    const item = schema.items ? plausible(schema.items, name, ctx, depth + 1) : hostileScalar;
    return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 6, 12) + 1 });
  }
  if (type === 'object' || schema.properties) return depth > 3 ? fc.constant({}) : objectFor(schema, ctx, depth + 1);
  if (type === 'integer' || type === 'number') {
    const numbers = numberArb(schema, type === 'integer');
    return hint ? fc.oneof(numbers, hint) : numbers;
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'string') {
    if (schema.format === 'uuid') return uuidArb(ctx, name);
    if (schema.format === 'date') return dateArb;
    if (schema.format === 'email') return byName('email', ctx)!;
    return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: textArb(schema) }) : textArb(schema);
  }
  return hint ?? hostileScalar;
}

/**
 * Day offsets for valid-looking dates: two of them drawn at random make a bookable stay (after
 * today, check-out after check-in, at most 30 nights) about a third of the time.
 */
const validDate = fc.constantFrom(5, 7, 20, 25, 45, 47).map((d) => addDays(todayInIndia(), d));

/** Text the schema accepts: letters, or a hostile fragment padded to the length limits. */
function validText(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 2_000));
  return fc.oneof(
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: Math.max(min, 1), maxLength: Math.max(min, 1, Math.min(max, min + 40)) }),
    // Stored as it is: markup, SQL, emoji, RTL marks and control characters in real rows.
    fc.constantFrom(...FRAGMENTS.filter((f) => !f.includes('\u0000'))).map((f) => `${f.slice(0, Math.max(0, max - min - 1))}${'x'.repeat(Math.max(min, 1))}`.slice(0, max)),
  );
}

/** Valid values for a field of this name, when the schema does not say (query params are text). */
function validByName(name: string, ctx: FuzzContext): fc.Arbitrary<unknown> | undefined {
  const n = name.toLowerCase();
  if (n.includes('email')) return fc.stringMatching(/^[a-z]{1,12}@example\.(com|in)$/);
  if (n === 'code') return fc.stringMatching(/^\d{6}$/);
  if (n.endsWith('id') || n.endsWith('ids')) return fc.constantFrom(...idsFor(name, ctx));
  if (n === 'from' || n === 'to' || n.includes('date')) return validDate;
  if (n.includes('phone')) return fc.constantFrom('+91 98765 43210', '9876543210', '');
  if (n === 'size') return fc.subarray([...STAY_SIZES], { minLength: 1 }).map((s) => s.join(','));
  if (n === 'sort') return fc.constantFrom(...SEARCH_SORTS);
  if (n === 'status') return fc.constantFrom(...BOOKING_STATUSES);
  if (n === 'page' || n === 'before' || n === 'after' || n === 'seq') return intText(1, 5);
  if (n === 'pagesize') return intText(1, 100);
  if (n.includes('price')) return intText(0, 100_000);
  if (n === 'north') return fc.constantFrom('23.2', '23.1');
  if (n === 'south') return fc.constantFrom('22.9', '23.0');
  if (n === 'east') return fc.constantFrom('72.8', '72.7');
  if (n === 'west') return fc.constantFrom('72.4', '72.5');
  if (n === 'verified') return fc.constantFrom('true', 'false');
  if (n === 'city') return fc.constantFrom('Ahmedabad', 'Gandhinagar');
  return undefined;
}

/** A value the schema accepts (mostly: cross-field rules are left to chance). */
export function validish(schema: JsonSchema, name: string, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].filter((b) => !typesOf(b).includes('null'));
  if (branches.length) return fc.oneof(...branches.map((b) => validish(b, name, ctx, depth)));
  const type = typesOf(schema).filter((t) => t !== 'null')[0];
  if (type === 'array') {
    const item = schema.items ? validish(schema.items, name, ctx, depth + 1) : fc.constant('x');
    return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)) });
  }
  if (type === 'object' || schema.properties) {
    if (depth > 3) return fc.constant({});
    const props = Object.entries(propertiesOf(schema));
    return fc.record(Object.fromEntries(props.map(([k, s]) => [k, validish(s, k, ctx, depth + 1)])));
  }
  if (type === 'integer' || type === 'number') {
    const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
    const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
    const lo = Math.max(Math.ceil(schema.minimum ?? exMin ?? 0), -(2 ** 31));
    const hi = Math.min(Math.floor(schema.maximum ?? exMax ?? Math.max(lo, 0) + 100), 2 ** 31 - 1);
    return fc.integer({ min: lo, max: Math.max(lo, hi) });
  }
  if (type === 'boolean') return fc.boolean();
  const hint = validByName(name, ctx);
  if (type === 'string') {
    if (schema.format === 'uuid') return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...idsFor(name, ctx)) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) });
    if (schema.format === 'date') return validDate;
    if (schema.format === 'email') return validByName('email', ctx)!;
    return hint ?? validText(schema);
  }
  return hint ?? fc.constant('x');
}

const DROP = Symbol('drop');

/**
 * An object for the schema: its fields valid (to get past the first check), or all valid but one
 * (dropped or hostile), or any subset of them plausible or hostile; and sometimes fields the
 * schema does not have (forged ids, prototype keys).
 */
export function objectFor(schema: JsonSchema | undefined, ctx: FuzzContext, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = propertiesOf(schema);
  const names = Object.keys(props);
  const model = Object.fromEntries(
    Object.entries(props).map(([name, s]) => [
      name,
      fc.oneof({ weight: 4, arbitrary: plausible(s, name, ctx, depth) }, { weight: 1, arbitrary: hostileJson }),
    ]),
  );
  let known: fc.Arbitrary<Record<string, unknown>> = fc.constant({});
  if (names.length) {
    const complete = fc.record(Object.fromEntries(Object.entries(props).map(([name, s]) => [name, validish(s, name, ctx, depth)])));
    const oneOff = fc
      .tuple(complete, fc.constantFrom(...names), fc.oneof(fc.constant<unknown>(DROP), hostileJson, fc.constant(null), fc.constant('')))
      .map(([o, name, value]) => {
        const copy: Record<string, unknown> = { ...o };
        if (value === DROP) delete copy[name];
        else copy[name] = value;
        return copy;
      });
    known = fc.oneof(
      { weight: 4, arbitrary: complete },
      { weight: 3, arbitrary: oneOff },
      { weight: 2, arbitrary: fc.record(model, { requiredKeys: [] }) },
    );
  }
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as [string, unknown][]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(keyArb, hostileJson), { maxLength: 3 }) },
  );
  // Extra keys first: a known field of the same name wins.
  return fc.tuple(known, extra).map(([k, e]) => Object.fromEntries([...e, ...Object.entries(k)]));
}
