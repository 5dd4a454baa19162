import { z } from 'zod';
import type { Contract } from './endpoint';

/** Run-time settings the web app needs and must not bake in at build time. */
export const clientConfigSchema = z.object({ mapTileUrl: z.string(), supportEmail: z.string() });

export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const configEndpoints = {
  'GET /api/config': { response: clientConfigSchema },
} as const satisfies Contract;
