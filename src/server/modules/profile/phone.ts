import { PHONE_MESSAGES, type Profile } from '../../../domain/contracts/profile';
import { AUTH_POLICY } from '../../auth/policy';
import { codeMatches, hashCode, newCode } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { badRequest, conflict, HttpError } from '../../http/errors';
import type { Locale } from '../../../domain/locales';
import { languageFor, type PhoneSender } from '../../phone';
import { countPhoneCodeSends, deleteOldPhoneCodes, deletePhoneCode, insertPhoneCode, lockLivePhoneCode, lockPhoneSends, lockUserPhone, markPhoneVerified, setPhoneCodeAttempts, voidPhoneCodes } from './queries';
import { getProfile } from './service';

// Proving the profile's mobile number with a code by SMS (issue 38), by the sign-in codes' rules
// (PRODUCT.md section 3): six digits, single use, 10 minutes, five wrong tries, a new code voids
// the last. Sends are counted per account and per number, so that no one can flood a number (or
// the operator's SMS bill) from many accounts: 5 each an hour.

export const PHONE_CODE_POLICY = { sendsPerAccountPerHour: 5, sendsPerNumberPerHour: 5 } as const;

const tooMany = () => new HttpError(429, 'rate_limited', PHONE_MESSAGES.tooMany);

/** Sends a code to the account's number, in `locale` where the SMS templates speak it; answers where it went. */
export async function sendPhoneCode(db: Db, sms: PhoneSender | null, userId: string, locale: Locale): Promise<{ sent_to: string; expires_in_s: number }> {
  if (!sms) throw new HttpError(503, 'sms_unavailable', PHONE_MESSAGES.unavailable);
  const id = crypto.randomUUID();
  const code = newCode();
  const phone = await db.transaction(async (tx) => {
    const user = await lockUserPhone(tx, userId);
    if (!user?.phone) throw badRequest(PHONE_MESSAGES.noPhone);
    if (user.verified) throw conflict(PHONE_MESSAGES.verified);
    await lockPhoneSends(tx, user.phone);
    const sends = await countPhoneCodeSends(tx, userId, user.phone, AUTH_POLICY.sendWindowMs);
    if (sends.user >= PHONE_CODE_POLICY.sendsPerAccountPerHour || sends.phone >= PHONE_CODE_POLICY.sendsPerNumberPerHour) throw tooMany();
    await voidPhoneCodes(tx, userId);
    await insertPhoneCode(tx, { id, userId, phone: user.phone, codeHash: hashCode(id, code), expiresAt: new Date(Date.now() + AUTH_POLICY.codeTtlMs) });
    return user.phone;
  });
  try {
    // The user waits for it, as for a sign-in code: sent now, not by the delivery worker.
    await sms.send({ kind: 'code', to: phone, locale: languageFor(sms, locale), code }, id);
  } catch {
    await deletePhoneCode(db, id);
    throw new HttpError(503, 'sms_unavailable', PHONE_MESSAGES.unavailable);
  }
  return { sent_to: phone, expires_in_s: AUTH_POLICY.codeTtlMs / 1000 };
}

/**
 * Checks `code` against the account's live code; a wrong guess is counted (and committed) before
 * the answer. The code proves the number it was sent to, and only while the profile still has it.
 */
export async function verifyPhoneCode(db: Db, userId: string, code: string): Promise<Profile> {
  const ok = await db.transaction(async (tx) => {
    const user = await lockUserPhone(tx, userId);
    const row = await lockLivePhoneCode(tx, userId);
    if (!row || row.attempts >= AUTH_POLICY.maxWrongAttempts || row.phone !== user?.phone) return false;
    if (!codeMatches(row.id, code, row.code_hash)) {
      await setPhoneCodeAttempts(tx, row.id, row.attempts + 1, false);
      return false;
    }
    await setPhoneCodeAttempts(tx, row.id, row.attempts, true);
    await markPhoneVerified(tx, userId, row.phone);
    return true;
  });
  if (!ok) throw new HttpError(400, 'invalid_code', PHONE_MESSAGES.invalid);
  return getProfile(db, userId);
}

/** The hourly sweep's part: codes past the day their sends are counted in. */
export const purgeOldPhoneCodes = (db: Db) => deleteOldPhoneCodes(db, AUTH_POLICY.keepCodesMs);
