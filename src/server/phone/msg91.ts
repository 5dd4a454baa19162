import { z } from 'zod';
import { type PhoneSender, noticeValues, providerNumber } from './message';
import { languagesOf, type TemplatesByLanguage, templateFor } from './templates';

// SMS through MSG91's Flow API (https://docs.msg91.com, "Send SMS"): POST {api}/flow with the
// account's authkey in a header, a DLT-registered template's id and each recipient's values as
// var1, var2... MSG91 adds the sender id and the DLT entity and template ids it keeps with the
// template (docs/operations.md). It answers 200 with {"type":"success","message":"<request id>"},
// and {"type":"error","message":...} (with 200 or 4xx) when it refuses.

export type Msg91Config = { authKey: string; senderId: string; apiUrl: string; templates: TemplatesByLanguage };

const answer = z.object({ type: z.string(), message: z.unknown().optional() });

export function msg91Sender(config: Msg91Config, fetchImpl: typeof fetch = fetch): PhoneSender {
  return {
    channel: 'sms',
    testMode: false,
    languages: languagesOf(config.templates),
    async send(message) {
      const values = message.kind === 'code' ? [message.code] : noticeValues(message);
      const recipient = Object.fromEntries([['mobiles', providerNumber(message.to)], ...values.map((v, i) => [`var${i + 1}`, v])]);
      const res = await fetchImpl(`${config.apiUrl}/flow`, {
        method: 'POST',
        headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ template_id: templateFor(config.templates, message), sender: config.senderId, short_url: '0', recipients: [recipient] }),
        // Well under the delivery lease, so a hung call ends before another worker may take the row.
        signal: AbortSignal.timeout(30_000),
      });
      const parsed = answer.safeParse(await res.json().catch(() => null));
      if (!res.ok || !parsed.success || parsed.data.type !== 'success') {
        const said = parsed.success ? String(parsed.data.message ?? parsed.data.type) : 'an answer that is not MSG91\'s';
        throw new Error(`MSG91 answered ${res.status}: ${said}`.slice(0, 300));
      }
    },
  };
}
