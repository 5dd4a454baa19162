import type { PushSubscriptionInput } from '../../../domain/contracts/notification';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, HttpError } from '../../http/errors';
import { isPushServiceEndpoint, newVapidKeys, type PushSender, type VapidKeys, webPushSender } from '../../push/web-push';
import { deletePushSubscription, selectOrInsertAppKey, trimPushSubscriptions, upsertPushSubscription } from './queries';

// Web Push subscriptions (issue 38): a browser subscribes with the app's VAPID public key and
// gives its push service's endpoint; deliveries (deliveries.ts) push to each of the user's.

/** A user's browsers and devices kept at most: a flood of subscriptions only replaces older ones. */
export const MAX_SUBSCRIPTIONS = 10;

/** The push sender the configuration gives: its key pair, or (development) one made once and kept; none in production without keys. */
export async function createPushSender(db: Db, config: Pick<Config, 'push'>): Promise<PushSender | null> {
  const { keys, subject } = config.push;
  if (keys === null) return null;
  const pair = keys === 'generated' ? ((await selectOrInsertAppKey(db, 'vapid', newVapidKeys)) as VapidKeys) : keys;
  return webPushSender(pair, subject);
}

export async function subscribeToPush(db: Db, push: PushSender | null, testOrigins: readonly string[], userId: string, input: PushSubscriptionInput): Promise<void> {
  if (!push) throw new HttpError(503, 'push_unavailable', 'Push notifications are not available right now.');
  if (!isPushServiceEndpoint(input.endpoint, testOrigins)) throw badRequest('endpoint must be a browser push service\'s address', { endpoint: 'Not a push service' });
  await db.transaction(async (tx) => {
    await upsertPushSubscription(tx, userId, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
    await trimPushSubscriptions(tx, userId, MAX_SUBSCRIPTIONS);
  });
}

export const unsubscribeFromPush = (db: Db, userId: string, endpoint: string) => deletePushSubscription(db, userId, endpoint);
