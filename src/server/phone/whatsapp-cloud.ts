import { z } from 'zod';
import { type PhoneSender, UndeliverableError, noticeValues, providerNumber } from './message';
import type { Locale } from '../../domain/locales';
import { type TemplateIds, templateFor } from './templates';

// WhatsApp through Meta's WhatsApp Business Cloud API (developers.facebook.com/docs/whatsapp/
// cloud-api/reference/messages): POST {api}/{phone-number-id}/messages with a system user's
// access token as Bearer, a message of type "template" naming an approved utility template and its
// body's values. A business may start a conversation only with a template. It answers 200 with
// {"messages":[{"id":"wamid..."}]}, and 4xx with {"error":{"message","code",...}}.

/**
 * `languages`: the code each of our languages' translation of the templates was approved under
 * (Meta keeps a template's translations under one name: `en` or `en_US`, `gu`, `hi`); English's always.
 */
export type WhatsAppConfig = { accessToken: string; phoneNumberId: string; apiUrl: string; templates: TemplateIds; languages: { en: string } & Partial<Record<Locale, string>> };

const sent = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });
const refused = z.object({ error: z.object({ message: z.string(), code: z.number().optional() }) });

/** Error codes meaning this number cannot get WhatsApp messages (131026: not on WhatsApp, or cannot receive). */
const UNDELIVERABLE = new Set([131026]);

export function whatsAppSender(config: WhatsAppConfig, fetchImpl: typeof fetch = fetch): PhoneSender {
  return {
    channel: 'whatsapp',
    testMode: false,
    languages: (Object.keys(config.languages) as Locale[]).filter((l) => config.languages[l]),
    async send(message) {
      // Codes go by SMS only: a WhatsApp code needs an authentication template of its own.
      if (message.kind !== 'notice') throw new UndeliverableError('codes are sent by SMS');
      const res = await fetchImpl(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: providerNumber(message.to),
          type: 'template',
          template: {
            name: templateFor({ en: config.templates }, message),
            language: { code: config.languages[message.locale] ?? config.languages.en },
            components: [{ type: 'body', parameters: noticeValues(message).map((text) => ({ type: 'text', text })) }],
          },
        }),
        signal: AbortSignal.timeout(30_000),
      });
      const body: unknown = await res.json().catch(() => null);
      if (res.ok && sent.safeParse(body).success) return;
      const error = refused.safeParse(body);
      const said = error.success ? `${error.data.error.message}${error.data.error.code ? ` (${error.data.error.code})` : ''}` : 'an answer that is not the Cloud API\'s';
      if (error.success && UNDELIVERABLE.has(error.data.error.code ?? 0)) throw new UndeliverableError(`WhatsApp: ${said}`);
      throw new Error(`WhatsApp answered ${res.status}: ${said}`.slice(0, 300));
    },
  };
}
