import { z } from 'zod';
import type { Contract } from './endpoint';
import { profileResponseSchema } from './profile';
import { LINK_INCOMPLETE, LINK_TOKEN } from '../sign-in-link';

export { OTP_LENGTH } from '../sign-in-code';

// "Please enter your email" and "Please enter the OTP" are SPEC.md's words for the empty fields.
export const emailField = z
  .string({ error: /*i18n*/ 'Please enter your email' })
  .trim()
  .min(1, /*i18n*/ 'Please enter your email')
  .max(255, /*i18n*/ 'Email too long')
  .pipe(z.email(/*i18n*/ 'Invalid email address'))
  .transform((email) => email.toLowerCase());

export const sendCodeSchema = z.object({ email: emailField });

export const verifyCodeSchema = z.object({
  email: emailField,
  code: z
    .string({ error: /*i18n*/ 'Please enter the OTP' })
    .trim()
    .min(1, /*i18n*/ 'Please enter the OTP')
    .regex(/^\d{6}$/, /*i18n*/ 'Enter the 6-digit code from your email'),
});

/** A sign-in link's token (domain/sign-in-link.ts). */
export const linkTokenSchema = z.object({
  token: z.string({ error: LINK_INCOMPLETE }).regex(LINK_TOKEN, LINK_INCOMPLETE),
});

export type SendCodeInput = z.infer<typeof sendCodeSchema>;
export type VerifyCodeInput = z.infer<typeof verifyCodeSchema>;

const okSchema = z.object({ ok: z.literal(true) });

export const authEndpoints = {
  'POST /api/auth/otp/send': { body: sendCodeSchema, response: okSchema },
  'POST /api/auth/otp/verify': { body: verifyCodeSchema, response: z.object({ user: profileResponseSchema }) },
  'POST /api/auth/link/preview': { body: linkTokenSchema, response: z.object({ email: z.string() }) },
  'POST /api/auth/link/sign-in': { body: linkTokenSchema, response: z.object({ user: profileResponseSchema }) },
  'POST /api/auth/sign-out': { response: okSchema },
  'GET /api/auth/session': { response: z.object({ user: profileResponseSchema.nullable() }) },
} as const satisfies Contract;
