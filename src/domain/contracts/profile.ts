import { z } from 'zod';
import { LOCALES } from '../locales';
import type { Contract } from './endpoint';

/**
 * An Indian mobile number as E.164 (+91 and ten digits starting 6-9). Accepts the ways people
 * write one: 98765 43210, 098765-43210, 91 9876543210, +91 98765 43210.
 */
export function normaliseIndianMobile(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '');
  const m = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(digits);
  return m ? `+91${m[1]}` : null;
}

export const profileSchema = z.object({
  name: z.string({ error: /*i18n*/ 'Name must be text' }).trim().max(100, /*i18n*/ 'Name must be less than 100 characters'),
  phone: z
    .string({ error: /*i18n*/ 'Phone must be text' })
    .trim()
    .max(20, /*i18n*/ 'Enter a valid Indian mobile number')
    .transform((value, ctx) => {
      if (value === '') return null;
      const phone = normaliseIndianMobile(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: /*i18n*/ 'Enter a valid Indian mobile number' });
        return z.NEVER;
      }
      return phone;
    }),
});

export const profileUpdateSchema = profileSchema.partial().strict();

export type ProfileInput = z.input<typeof profileSchema>;

/** My account as the API answers it (GET /api/me, and the signed-in user of auth). */
export const profileResponseSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  phone_verified: z.boolean().describe('Whether the phone was proved with a code by SMS: WhatsApp and SMS reach only a verified number'),
  photo_url: z.string().nullable(),
  created_at: z.string(),
  operator: z.boolean().describe('Whether I may use the operators\' console at /ops'),
  locale: z.enum(LOCALES).nullable().describe('The language I chose (en, gu, hi): pages, e-mails and notices; null until I choose one'),
});

export type Profile = z.infer<typeof profileResponseSchema>;

/** PRODUCT.md section 11: the messages of proving a mobile number with a code by SMS. */
export const PHONE_MESSAGES = {
  noPhone: /*i18n*/ 'Add your mobile number first',
  verified: /*i18n*/ 'This number is verified already',
  unavailable: /*i18n*/ 'SMS is not available right now. Please try again later.',
  tooMany: /*i18n*/ 'Too many codes requested. Please wait a while and try again.',
  invalid: /*i18n*/ 'Invalid or expired code',
  codeFormat: /*i18n*/ 'Enter the 6-digit code we sent by SMS',
} as const;

export const phoneCodeSentSchema = z.object({
  sent_to: z.string().describe('The number the code went to, E.164'),
  expires_in_s: z.number().int(),
});

export const phoneVerifySchema = z.object({
  code: z.string({ error: PHONE_MESSAGES.codeFormat }).trim().regex(/^\d{6}$/, PHONE_MESSAGES.codeFormat),
}).strict();

/** A choice of language (decision 059), signed in or not: kept in a cookie, and on the profile of a user. */
export const languageSchema = z.object({
  locale: z.enum(LOCALES, { error: 'Choose English, Gujarati or Hindi' }),
}).strict();

export const profileEndpoints = {
  'PUT /api/language': { body: languageSchema, response: languageSchema },
  'GET /api/me': { response: profileResponseSchema },
  'PATCH /api/me': { body: profileUpdateSchema, response: profileResponseSchema },
  'POST /api/me/phone/code': { body: z.object({}).strict(), response: phoneCodeSentSchema },
  'POST /api/me/phone/verify': { body: phoneVerifySchema, response: profileResponseSchema },
} as const satisfies Contract;
