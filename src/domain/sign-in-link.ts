// A sign-in link's token (server/auth/links.ts): 256 random bits, base64url, carried in the link's
// `#`. Without zod: the sign-in link page checks it before asking the server, and that page's
// first view has no other use for the validation library (about 25 KB gzip).

export const LINK_TOKEN = /^[\w-]{43}$/;
export const LINK_INCOMPLETE = /*i18n*/ 'This sign-in link is incomplete. Please open it again from your e-mail.';
