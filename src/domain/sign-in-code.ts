// The sign-in code mailed to an address (server/auth/tokens.ts). Without zod: the sign-in dialog
// shows the code's field before its validation (zod and the auth contract, about 26 KB gzip) has
// loaded.

export const OTP_LENGTH = 6;

/** SPEC.md's words for a code that does not sign in: the server's answer and the dialog's toast. */
export const INVALID_CODE = /*i18n*/ 'Invalid OTP';
