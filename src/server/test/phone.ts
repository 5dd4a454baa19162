import type { TestContext } from './app';

/** The code in the newest SMS to `phone` (the test mode's outbox). */
export const lastCodeTo = (t: TestContext, phone: string): string => {
  const sms = t.phoneOutbox().filter((m) => m.to === phone && m.channel === 'sms').at(-1);
  const code = sms && /code is (\d{6})/.exec(sms.text)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
};

/**
 * Saves `phone` (E.164) on the profile of `cookie` and verifies it with the code sent by SMS, as
 * its owner would; `codeSent` reads it where the SMS went (by default the test mode's outbox).
 */
export async function verifyPhone(t: TestContext, cookie: string, phone: string, codeSent = () => lastCodeTo(t, phone)): Promise<void> {
  const post = (url: string, payload: object) => t.app.inject({ method: url === '/api/me' ? 'PATCH' : 'POST', url, headers: { cookie }, payload });
  await post('/api/me', { phone });
  const sent = await post('/api/me/phone/code', {});
  if (sent.statusCode !== 200) throw new Error(sent.body);
  const verified = await post('/api/me/phone/verify', { code: codeSent() });
  if (verified.json().phone_verified !== true) throw new Error(verified.body);
}
