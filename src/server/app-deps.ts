import type { Config } from './config';
import type { Database } from './db/client';
import type { AnswerCache } from './http/answer-cache';
import type { Mailer } from './mail/mailer';
import type { PhoneSenders } from './phone';
import type { PushSender } from './push/web-push';
import type { Storage } from './storage';

// What the app gives its route modules: in a file of its own, so that the modules need not import
// the app that imports them.

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Where the photos and private files are kept: the disk or a bucket (storage/index.ts). */
  storage: Storage;
  /** SMS and WhatsApp: their providers, the test mode, or none (phone/index.ts). */
  phone: PhoneSenders;
  /** Web Push; null where it is not configured (production without VAPID keys). */
  push: PushSender | null;
};

/** Whether this process is stopping: readiness fails while it finishes what it has (main.ts). */
export type Lifecycle = { draining: boolean };

/** What the public reads need on top: the short cache of their answers (decision 016). */
export type PublicReadDeps = AppDeps & { answers: AnswerCache };
