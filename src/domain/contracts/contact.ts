import { z } from 'zod';
import type { Contract } from './endpoint';

// Texts are SPEC.md section 5's, word for word.
export const contactSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name too long'),
  email: z.string().trim().max(255, 'Email too long').pipe(z.email('Invalid email address')),
  subject: z
    .string()
    .trim()
    .min(5, 'Subject must be at least 5 characters')
    .max(200, 'Subject too long'),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(2000, 'Message too long'),
});

export type ContactInput = z.infer<typeof contactSchema>;

export const contactEndpoints = {
  'POST /api/contact': { body: contactSchema, response: z.object({ id: z.uuid() }), status: 201 },
} as const satisfies Contract;
