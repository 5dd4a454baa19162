import type { NoticeTopic } from '../../domain/notifications/notices';
import type { PhoneMessage } from './message';

/**
 * Which registered template carries which message: one per topic where the operator registered
 * one, else `default`; `code` for the number's code (SMS only). Configured as
 * `default=<id>,requests=<id>,code=<id>` (docs/operations.md).
 */
export type TemplateIds = { default: string } & Partial<Record<NoticeTopic | 'code', string>>;

export function templateFor(ids: TemplateIds, m: PhoneMessage): string {
  return (m.kind === 'code' ? ids.code : ids[m.topic]) ?? ids.default;
}
