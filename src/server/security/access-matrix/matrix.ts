import { sql } from 'drizzle-orm';
import type { TestContext } from '../../test/app';
import { rawRows } from '../../test/rows';
import type { Actor, World } from '../access-world';

// The access matrix's rows (access-matrix.test.ts runs them, the files beside this one hold them
// by area) and what they are written with.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Res = { statusCode: number; body: string; headers?: Record<string, unknown>; json(): any };

export type Row = {
  /** As in the OpenAPI document: method and path template. */
  route: `${Method} /api/${string}`;
  /** Tells apart rows of one route (e.g. an active and a paused listing). */
  variant?: string;
  /** Whose resource the route works on: public, self (each caller's own), A, G, or A+G. */
  owner: 'public' | 'self' | 'A' | 'G' | 'A+G';
  params?: Record<string, string>;
  query?: string;
  body?: (actor: Actor) => unknown;
  expect: Record<Actor, number>;
  /** Sends the request itself (multipart, streams, fresh sessions). */
  send?: (cookie: string | undefined, actor: Actor) => Promise<Res>;
  check?: (actor: Actor, res: Res) => unknown;
};

/** The app, the world and the calls every area's rows are written with. */
export type Matrix = {
  t: TestContext;
  w: World;
  /** The app listening over real HTTP, for what inject cannot do (a live stream). */
  baseUrl: string;
  inject(method: Method, url: string, cookie: string | undefined, payload?: unknown): Promise<Res>;
  idOf(actor: Actor): string | undefined;
  photoIdsOf(listingId: string): Promise<string[]>;
};

export function matrixOf(t: TestContext, w: World, baseUrl: string): Matrix {
  let ip = 0;
  return {
    t,
    w,
    baseUrl,
    inject: (method, url, cookie, payload) =>
      t.app.inject({
        method,
        url,
        headers: cookie ? { cookie } : {},
        // Each request from its own address: the per-IP limits (sign-in codes, contact) stay out of it.
        remoteAddress: `203.0.113.${(ip++ % 250) + 1}`,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    idOf: (actor) => (actor === 'anon' ? undefined : w[actor].id),
    photoIdsOf: async (listingId) => {
      const rows = await rawRows<{ id: string }>(t.database.db, sql`select id from listing_photos where listing_id = ${listingId} order by sort_order, id`);
      return rows.map((r) => r.id);
    },
  };
}

export const all = (status: number) => ({ anon: status, O: status, A: status, G: status });
export const signedIn = (status: number) => ({ anon: 401, O: status, A: status, G: status });
export const hostOnly = (status: number) => ({ anon: 401, O: 404, G: 404, A: status });
export const guestOnly = (status: number) => ({ anon: 401, O: 404, A: 404, G: status });
export const both = (status: number) => ({ anon: 401, O: 404, A: status, G: status });

export const ids = (items: { id: string }[]) => items.map((i) => i.id);
