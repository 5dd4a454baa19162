import { stayProblem } from '../../../domain/bookings';
import { type IsoDate, todayInIndia } from '../../../domain/dates';
import { SEARCH_LIMITS, type SearchParams } from '../../../domain/contracts/search';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { selectSearch } from '../listings';

/**
 * Runs a search and answers the response body as JSON text: `{ results, total, totalCapped,
 * page, pageSize }`. The cards arrive from PostgreSQL as JSON already and are passed through
 * untouched: parsing and re-serialising 24 cards was a large share of a search's cost in Node
 * (docs/performance.md). searchAnswerSchema (domain/contracts/search.ts) documents the shape;
 * tests hold the answer to it.
 */
export async function searchListings(db: Db, params: SearchParams, today?: IsoDate): Promise<string> {
  // Only the server knows today's date in India for certain. Past nights cannot be booked, and
  // listing_held_nights keeps the nights from yesterday on only (migration 0005).
  const problem = params.dates && stayProblem(params.dates.from, params.dates.to, today ?? todayInIndia());
  if (problem) throw badRequest(problem.message, { from: problem.message });
  const row = await selectSearch(db, params);
  const hits = row?.hits ?? 0;
  const total = Math.min(hits, SEARCH_LIMITS.maxResults);
  return `{"results":${row?.results ?? '[]'},"total":${total},"totalCapped":${hits > total},"page":${params.page},"pageSize":${params.pageSize}}`;
}
