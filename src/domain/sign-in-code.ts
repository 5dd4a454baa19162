// The sign-in code mailed to an address (server/auth/tokens.ts). Without zod: the sign-in dialog
// shows the code's field before its validation (zod and the auth contract, about 26 KB gzip) has
// loaded.

export const OTP_LENGTH = 6;
