import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_LIMITS, searchEndpoints } from '../../../domain/contracts/search';
import type { PublicReadDeps } from '../../app-deps';
import { routesOf } from '../../http/endpoint';
import { searchListings } from './service';

const route = routesOf(searchEndpoints);

export const searchRoutes =
  (deps: PublicReadDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...route('GET /api/search', {
        tags: ['search'],
        summary: 'Search active listings: city, price, pet sizes, verified hosts, free dates, map area; sorted and paged',
        description: [
          'Every filter applies together. `size` lists sizes the listing must ALL accept; `type` (dog or cat) keeps homes that take',
          'that kind of pet, and `vaccinated=false` leaves out homes that require vaccinations. With `from` and `to`, listings with',
          'an accepted stay or a blocked night in [from, to) are left out; check-in cannot be in the past.',
          'The map area (`north`, `south`, `east`, `west`, all four or none) replaces the city filter: the visible area is',
          'searched whatever the city, and `city` only names the centre distance_km is measured from (the area\'s centre',
          'when the city has no known centre; null without either, when `distance` sorts as `recommended`).',
          `Only the first ${SEARCH_LIMITS.maxResults} matches are counted and can be paged through.`,
          'Answers are the same for everyone and may be cached for 30 seconds.',
        ].join(' '),
      }),
      handler: async (request, reply) => {
        // Keyed by the parsed query, so every spelling of one search shares its answer.
        const body = await deps.answers.get(`search ${JSON.stringify(request.query)}`, () => searchListings(deps.database.db, request.query));
        // Public and identical for every visitor: a short shared cache absorbs a burst of equal
        // searches (the web refetches on every param change) while a new booking shows within 30 s.
        reply.header('cache-control', 'public, max-age=30').type('application/json; charset=utf-8');
        // JSON text with a JSON content type is sent as it is (Fastify skips the serializer), and
        // the typed reply only knows the object form of the same body.
        return reply.send(body as never);
      },
    });
  };
