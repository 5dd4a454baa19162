import type { Locale } from '../../domain/locales';
import type { NoticeTopic } from '../../domain/notifications/notices';

// What PawStay sends to a mobile number (issue 38, decision 058): a code that proves the number
// (by SMS), or a notice (by SMS or WhatsApp). Both providers send only templates registered in
// advance (TRAI's DLT for SMS, Meta's approved templates for WhatsApp), so a message is a template
// and its values; the words below are the registered templates' own, kept here in one place for
// the test mode's outbox and for docs/operations.md.

/** `locale`: the language of its template and words, one the sender speaks (languageFor). */
export type PhoneMessage =
  | { kind: 'code'; to: string; locale: Locale; code: string }
  | { kind: 'notice'; to: string; locale: Locale; topic: NoticeTopic; title: string; body: string; url: string };

export type PhoneChannel = 'sms' | 'whatsapp';

/** Sends to a mobile number by one channel. `id` is the delivery's (or code's) own, for the logs. */
export type PhoneSender = {
  readonly channel: PhoneChannel;
  /** The built-in test mode: messages written to the outbox at /dev/outbox, none sent. */
  readonly testMode: boolean;
  /** The languages its templates are registered in; English always. */
  readonly languages: readonly Locale[];
  send(message: PhoneMessage, id: string): Promise<void>;
};

/** The provider says this number cannot get this channel (not on WhatsApp): trying again will not help. */
export class UndeliverableError extends Error {}

/** The senders the app has: none for a channel without a provider (production without its keys). */
export type PhoneSenders = { sms: PhoneSender | null; whatsapp: PhoneSender | null };

/**
 * The language to reach a reader of `locale` in by `sender`: theirs where the operator registered
 * templates in it, else English (a registered template's words cannot be translated on the fly).
 */
export const languageFor = (sender: Pick<PhoneSender, 'languages'>, locale: Locale): Locale => (sender.languages.includes(locale) ? locale : 'en');

/** +919876543210 as the providers want it: country code and number, no plus. */
export const providerNumber = (e164: string): string => e164.replace(/^\+/, '');

/**
 * A template's values must be one line (WhatsApp refuses new lines, tabs and runs of spaces in a
 * parameter; an SMS's DLT template matches a single line) and short enough for one SMS variable.
 */
export const oneLine = (text: string, max = 120): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** The values of a notice's template, in order: what happened, what to do, where. */
export const noticeValues = (m: Extract<PhoneMessage, { kind: 'notice' }>): [string, string, string] => [oneLine(m.title, 80), oneLine(m.body), m.url];

/**
 * The words of each template, as registered: `{#var#}` is DLT's mark for a value, WhatsApp's is
 * {{1}}, {{2}}, {{3}}. The SMS sender id is the six letters registered as the header (PAWSTY).
 */
export const TEMPLATE_TEXT: Record<Locale, Record<PhoneMessage['kind'], string>> = {
  en: {
    code: 'Your PawStay code is {#var#}. It verifies this number and expires in 10 minutes. Do not share it. - PawStay',
    notice: 'PawStay: {#var#}. {#var#} {#var#}',
  },
  // Registered as Unicode templates (docs/operations.md): the notice's values are in the reader's
  // language, and the code's words are theirs.
  gu: {
    code: 'તમારો PawStay કોડ {#var#} છે. એ આ નંબરની ખાતરી કરે છે અને 10 મિનિટમાં પૂરો થાય છે. કોઈને આપશો નહીં. - PawStay',
    notice: 'PawStay: {#var#}. {#var#} {#var#}',
  },
  hi: {
    code: 'आपका PawStay कोड {#var#} है. यह इस नंबर की पुष्टि करता है और 10 मिनट में ख़त्म हो जाता है. इसे किसी को न बताएँ. - PawStay',
    notice: 'PawStay: {#var#}. {#var#} {#var#}',
  },
};

/** The text the number receives: a template with its values filled in. */
export function phoneText(m: PhoneMessage): string {
  const values = m.kind === 'code' ? [m.code] : noticeValues(m);
  let i = 0;
  return TEMPLATE_TEXT[m.locale][m.kind].replace(/\{#var#\}/g, () => values[i++] ?? '');
}
