import { z } from 'zod';

/** `/:id` of a resource: a uuid, or a 400 before any query runs. */
export const idParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });
