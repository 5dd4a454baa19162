import { z } from 'zod';

export const profileResponse = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  photo_url: z.string().nullable(),
  created_at: z.string(),
});
