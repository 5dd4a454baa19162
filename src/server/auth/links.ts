import { SIGN_IN_LINK_PAGE } from '../../domain/page-paths';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { consumeCodeRow, isSuspendedAddress, lockLiveLink, rememberBrowser, selectLiveLink, spendLinksOf } from './queries';
import { hashSessionToken } from './tokens';

// Sign-in links (issue 34, decision 041). Every sign-in e-mail carries, beside its code, a link
// with a random 256-bit token that signs in the browser that opens it, whoever asked for the mail.
// It is the owner's way in when the strangers' ceiling (codes.ts) holds back a browser that has
// never signed in to the address: the ceiling counts only sends whose links still work, and a
// link works for the ceiling's whole window, so a refused send always leaves one in the inbox.
//
// The token travels in the URL's fragment, which browsers never send to a server, nor in a
// Referer: it stays out of logs. The page shows the address it signs in to and asks first; only
// that confirmation, a same-origin POST, uses the token, so a scanner that fetches the mail's
// links signs nobody in, and a stranger's link sent to a victim shows the stranger's address
// before anything happens. Not guessable, so no guess is counted.

const unusable = () =>
  new HttpError(
    400,
    'link_unusable',
    /*i18n*/ 'This sign-in link no longer works: it has been used, it has expired, or a newer sign-in replaced it. Please ask for a new code.',
  );

/** The address of the link mailed with a code: the page reads the token after `#`. */
export const signInLinkUrl = (publicUrl: string, token: string) => `${publicUrl}${SIGN_IN_LINK_PAGE}#${token}`;

/**
 * After any sign-in to `email` from the browser `browserHash`: the browser becomes one of the
 * address's own (the strangers' ceiling never holds it), and the links already mailed to the
 * address end, as a newer sign-in replaced them.
 */
export async function recordSignIn(tx: Db, email: string, browserHash: string): Promise<void> {
  await rememberBrowser(tx, email, browserHash);
  await spendLinksOf(tx, email);
}

/** The address a link would sign in to, for the page to ask first; uses nothing. */
export async function previewLink(db: Db, token: string): Promise<string> {
  const link = await selectLiveLink(db, hashSessionToken(token));
  if (!link || (await isSuspendedAddress(db, link.email))) throw unusable();
  return link.email;
}

/**
 * Uses the link, confirmed in the browser `browserHash`: once only (the row is locked while
 * used), never for a suspended account. Its code goes with it: the mail has served. Answers the
 * address to sign in to.
 */
export async function signInWithLink(db: Db, token: string, browserHash: string): Promise<string> {
  const email = await db.transaction(async (tx) => {
    const link = await lockLiveLink(tx, hashSessionToken(token));
    if (!link || (await isSuspendedAddress(tx, link.email))) return undefined;
    await consumeCodeRow(tx, link.id);
    await recordSignIn(tx, link.email, browserHash);
    return link.email;
  });
  if (email === undefined) throw unusable();
  return email;
}
