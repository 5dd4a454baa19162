import { z } from 'zod';
import { uuidInput } from './params';
import type { Contract } from './endpoint';
import { listingCardSchema } from './listing';

// Saved listings (favorites): the hearts on any page and the dashboard's Favorites tab.

/** `/:listingId` of a favorite: a uuid, or a 400 before any query runs. */
export const favoriteParams = z.object({ listingId: uuidInput('Invalid listing id') });

export const favoritesEndpoints = {
  'GET /api/favorites': { response: z.object({ results: z.array(listingCardSchema) }) },
  'GET /api/favorites/ids': { response: z.object({ ids: z.array(z.uuid()) }) },
  'PUT /api/favorites/:listingId': { params: favoriteParams, response: z.null(), status: 204 },
  'DELETE /api/favorites/:listingId': { params: favoriteParams, response: z.null(), status: 204 },
} as const satisfies Contract;
