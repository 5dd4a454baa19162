import { notificationSettings, saveNotificationSettings } from '../../modules/notifications';
import { sendPhoneCode, updateProfile, verifyPhoneCode } from '../../modules/profile';
import type { Db } from '../client';

// The demo host's mobile number, verified through the profile's services as its owner would:
// saved, a code sent by SMS (caught here, as the phone would show it) and entered. His requests
// then reach him by WhatsApp and SMS as well, which /dev/outbox shows in development (issue 38);
// he keeps no quiet hours (a boarder takes requests at any hour), so they show at once whenever
// the demo starts.

/** Made up: given only where SMS and WhatsApp are in their test mode (main.ts), so nothing reaches it. */
export const DEMO_HOST_PHONE = '+919999900001';

export async function seedVerifiedPhone(db: Db, userId: string, phone: string): Promise<void> {
  await updateProfile(db, userId, { phone });
  let code = '';
  await sendPhoneCode(db, { channel: 'sms', testMode: true, languages: ['en'], send: async (m) => void (m.kind === 'code' && (code = m.code)) }, userId, 'en');
  await verifyPhoneCode(db, userId, code);
  const { topics } = await notificationSettings(db, userId, new Set());
  await saveNotificationSettings(db, userId, { topics, quiet: null });
}
