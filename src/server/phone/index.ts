import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { PhoneSenders } from './message';
import { msg91Sender } from './msg91';
import { testModeSender } from './test-mode';
import { whatsAppSender } from './whatsapp-cloud';

export { languageFor, type PhoneMessage, type PhoneSender, type PhoneSenders, UndeliverableError, phoneText, TEMPLATE_TEXT } from './message';
export type { OutboxPhoneFile } from './test-mode';

/** The SMS and WhatsApp senders the configuration names (config.ts: provider, test mode, or none). */
export function createPhoneSenders(config: Pick<Config, 'phone' | 'dataDir' | 'env'>, log: Pick<FastifyBaseLogger, 'info'>): PhoneSenders {
  const test = { dataDir: config.dataDir, log, logText: config.env !== 'production' };
  const { sms, whatsapp } = config.phone;
  return {
    sms: sms === null ? null : sms.provider === 'live' ? msg91Sender(sms) : testModeSender('sms', test),
    whatsapp: whatsapp === null ? null : whatsapp.provider === 'live' ? whatsAppSender(whatsapp) : testModeSender('whatsapp', test),
  };
}
