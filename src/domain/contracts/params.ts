import { z } from 'zod';

/**
 * An id a client sends: a uuid, or `error`; in lower case, as the database answers ids and the
 * session holds them, so that comparing it with one in code (an operator acting on their own
 * account) cannot be passed by writing it in capitals.
 */
export const uuidInput = (error: string) => z.uuid({ error }).transform((id) => id.toLowerCase());

/** `/:id` of a resource: a uuid, or a 400 before any query runs. */
export const idParams = z.object({ id: uuidInput('Invalid id') });
