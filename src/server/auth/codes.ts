import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { INVALID_CODE } from '../../domain/sign-in-code';
import { AUTH_POLICY } from './policy';
import { recordSignIn } from './links';
import {
  consumeCodeRow,
  countBrowserSendsLastHour,
  countIpSendsLastHour,
  countStrangerLiveSendsLastHour,
  deleteCode,
  insertCode,
  isKnownBrowser,
  lockCodeSends,
  lockNewestUnusedCode,
  selectOtherBrowsersLiveCodes,
  setCodeAttempts,
  voidBrowserCodes,
} from './queries';
import { codeMatches, hashCode, hashSessionToken, newCode, newSessionToken } from './tokens';

// Sign-in codes (PRODUCT.md section 3, issue 19). A code belongs to the address and to the browser
// that asked for it (the SHA-256 of its HttpOnly sign-in cookie): only that browser can use it,
// wrong guesses count against it alone, and a request from another browser neither voids it nor
// uses up its budget. So nobody can deny an address's owner a code by asking for codes, or by
// guessing: at worst they spend their own browser's tries. See docs/security.md.
//
// Each code is mailed with a link that signs in whichever browser opens it, after a confirmation
// there (links.ts, issue 34): the way in for the owner of an inbox whose new browser the strangers'
// ceiling holds back.

const tooMany = () =>
  new HttpError(429, 'rate_limited', /*i18n*/ 'Too many codes requested. Please wait a while and try again.');

/**
 * The refusal of a send by a limit on the address: every send it counts mailed a link, so the
 * inbox holds one that works (by the strangers' ceiling's construction; for this browser's own
 * sends, unless the address signed in meanwhile). One answer for both limits, so it never tells
 * whether the address signed in.
 */
const tooManyForAddress = () =>
  new HttpError(429, 'rate_limited', /*i18n*/ 'Too many codes requested. To sign in now, open the link in the newest sign-in e-mail sent to this address, or wait a while and try again.');

/**
 * Issues a new code for `email` to the browser `browserHash`, within the limits: per browser and
 * address, per IP, and (for a browser that has never signed in to the address) the address's
 * ceiling on strangers' requests. Asking again voids this browser's earlier code, so asking never
 * adds guesses; other browsers' codes stay as they are. Returns the plain code and the sign-in
 * link's token for the e-mail, and a function that withdraws both if the mail fails.
 */
export async function issueCode(db: Db, email: string, ip: string, browserHash: string) {
  const id = crypto.randomUUID();
  const code = newCode();
  const linkToken = newSessionToken();
  // Counted and written under locks on the address and the IP, so sends made at once are counted
  // one after another and none slips past a limit.
  await db.transaction(async (tx) => {
    await lockCodeSends(tx, email, ip);
    await assertMaySend(tx, email, ip, browserHash);
    await voidBrowserCodes(tx, email, browserHash);
    await insertCode(tx, {
      id,
      email,
      codeHash: hashCode(id, code),
      expiresAt: new Date(Date.now() + AUTH_POLICY.codeTtlMs),
      requesterIp: ip,
      browserHash,
      linkHash: hashSessionToken(linkToken),
    });
  });
  return {
    code,
    linkToken,
    withdraw: async () => {
      await deleteCode(db, id);
    },
  };
}

async function assertMaySend(db: Db, email: string, ip: string, browserHash: string): Promise<void> {
  if ((await countBrowserSendsLastHour(db, email, browserHash)) >= AUTH_POLICY.sendsPerBrowserPerHour) throw tooManyForAddress();
  if ((await countIpSendsLastHour(db, ip)) >= AUTH_POLICY.sendsPerIpPerHour) throw tooMany();
  if (!(await isKnownBrowser(db, email, browserHash))) {
    if ((await countStrangerLiveSendsLastHour(db, email)) >= AUTH_POLICY.strangerSendsPerEmailPerHour) throw tooManyForAddress();
  }
}

type CheckResult = 'ok' | 'invalid' | 'expired' | 'locked' | 'elsewhere';

/**
 * Whether `code` is the live code of another browser for `email`. During a flood of strangers'
 * requests the newest code in the owner's inbox may be a stranger's: typed in the owner's browser,
 * it is not a guess, so it costs the owner's code nothing. Asked only by a browser that holds a live
 * code of its own, so it is no free oracle: its other guesses still count, and a match only tells
 * of a code that works in no other browser.
 */
async function isAnotherBrowsersCode(tx: Db, email: string, browserHash: string, code: string): Promise<boolean> {
  const others = await selectOtherBrowsersLiveCodes(tx, email, browserHash);
  return others.some((other) => codeMatches(other.id, code, other.codeHash));
}

/**
 * Checks `code` against the newest live code this browser asked for `email`. A wrong guess is
 * counted (and committed) before the answer; after five, even the right code is refused. The row
 * is locked while checked, so two guesses at once cannot both pass or both escape the count. A
 * code that works makes the browser one of the address's own (see issueCode), and ends the links
 * mailed to the address.
 */
export async function consumeCode(db: Db, email: string, code: string, browserHash: string): Promise<void> {
  const result = await db.transaction(async (tx): Promise<CheckResult> => {
    const row = await lockNewestUnusedCode(tx, email, browserHash);
    if (!row) return 'invalid';
    if (row.expiresAt.getTime() <= Date.now()) return 'expired';
    if (row.attempts >= AUTH_POLICY.maxWrongAttempts) return 'locked';
    if (!codeMatches(row.id, code, row.codeHash)) {
      if (await isAnotherBrowsersCode(tx, email, browserHash, code)) return 'elsewhere';
      await setCodeAttempts(tx, row.id, row.attempts + 1);
      return 'invalid';
    }
    await consumeCodeRow(tx, row.id);
    await recordSignIn(tx, email, browserHash);
    return 'ok';
  });
  if (result === 'ok') return;
  // SPEC.md's toast for a failed verify is "Invalid OTP"; the message says what to do next.
  const answers = {
    invalid: ['invalid_code', INVALID_CODE],
    expired: ['code_expired', /*i18n*/ 'Invalid OTP: this code has expired. Please request a new one.'],
    locked: ['too_many_attempts', /*i18n*/ 'Invalid OTP: too many wrong tries. Please request a new code.'],
    elsewhere: ['code_for_other_browser', /*i18n*/ 'Invalid OTP: this code was asked for in another browser. Please enter the code sent for this one, or request a new one.'],
  } as const;
  const [errorCode, message] = answers[result];
  throw new HttpError(400, errorCode, message);
}
