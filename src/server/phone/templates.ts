import type { Locale } from '../../domain/locales';
import type { NoticeTopic } from '../../domain/notifications/notices';
import type { PhoneMessage } from './message';

/**
 * Which registered template carries which message: one per topic where the operator registered
 * one, else `default`; `code` for the number's code (SMS only). Configured as
 * `default=<id>,requests=<id>,code=<id>` (docs/operations.md).
 */
export type TemplateIds = { default: string } & Partial<Record<NoticeTopic | 'code', string>>;

/** Each language's registered templates: English's always, Gujarati's and Hindi's where registered. */
export type TemplatesByLanguage = { en: TemplateIds } & Partial<Record<Locale, TemplateIds>>;

export function templateFor(templates: TemplatesByLanguage, m: PhoneMessage): string {
  const ids = templates[m.locale] ?? templates.en;
  return (m.kind === 'code' ? ids.code : ids[m.topic]) ?? ids.default;
}

/** The languages a set of templates speaks. */
export const languagesOf = (templates: TemplatesByLanguage): Locale[] => (Object.keys(templates) as Locale[]).filter((l) => templates[l]);
