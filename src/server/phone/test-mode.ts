import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LOCALES } from '../../domain/locales';
import { type PhoneChannel, type PhoneSender, phoneText } from './message';

// The built-in test mode of SMS and WhatsApp (decision 058), as the mailer's without SMTP_URL: a
// message is written to DATA_DIR/outbox, beside the mail, where /dev/outbox shows it, and sent to
// no one. `npm start` and the tests run the same delivery path as production up to this call.

/** A message the test mode wrote: the outbox file's content. */
export type OutboxPhoneFile = { channel: PhoneChannel; to: string; template: string; text: string; at: string };

export function testModeSender(channel: PhoneChannel, opts: { dataDir: string; log: Pick<FastifyBaseLogger, 'info'>; logText: boolean }): PhoneSender {
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    channel,
    testMode: true,
    // As if templates were registered in every language: development shows each reader's words.
    languages: LOCALES,
    async send(message, id) {
      await mkdir(outbox, { recursive: true });
      const at = new Date().toISOString();
      const file = path.join(outbox, `${at.replace(/[:.]/g, '-')}-${randomUUID()}.json`);
      const content: OutboxPhoneFile = { channel, to: message.to, template: message.kind === 'code' ? 'code' : `notice:${message.topic}`, text: phoneText(message), at };
      await writeFile(file, JSON.stringify(content, null, 2));
      // The text only where a developer reads a code in the log, as the mailer does.
      opts.log.info({ channel, to: message.to, id, ...(opts.logText ? { text: content.text } : {}), file }, `${channel} written to outbox (test mode)`);
    },
  };
}
