import { type NotificationSettings, settingsWithDefaults, type TopicChannels } from '../../../domain/notifications/routing';
import type { RecipientRow } from './queries';

/** A user's saved choices over the defaults. */
export const settingsOf = (r: Pick<RecipientRow, 'has_settings' | 'topics' | 'quiet_start' | 'quiet_end'>): NotificationSettings =>
  r.has_settings
    ? settingsWithDefaults({ topics: (r.topics ?? {}) as Partial<TopicChannels>, quiet: r.quiet_start === null || r.quiet_end === null ? null : { start: r.quiet_start, end: r.quiet_end } })
    : settingsWithDefaults(null);
