import type { Db } from '../../db/client';
import type { PaymentAccount, PaymentProvider } from '../provider';
import { razorpayGateway } from '../razorpay';
import { TEST_GATEWAY_PREFIX } from './api';
import { inProcessAdapter, inProcessWebhooks, type WebhookPost } from './in-process';
import { gatewayAccount } from './queries';
import { deliverGatewayWebhooks } from './webhooks';

// Test mode's provider: the official SDK pointed at the app's own test gateway (in process), with
// the gateway's keys, and its webhooks sent to the app's webhook route. Everything after this
// (orders, signatures, webhooks, refunds) is the code that runs with Razorpay.

type App = Parameters<typeof inProcessAdapter>[0];

export function testGatewayProvider(db: Db, app: App, webhookPath: string): PaymentProvider & { webhooks: NonNullable<PaymentProvider['webhooks']>; eventQueued(): void } {
  let account: Promise<PaymentAccount> | undefined;
  let wake = () => {};
  const post: WebhookPost = inProcessWebhooks(app, webhookPath);
  return {
    name: 'test',
    account() {
      account ??= gatewayAccount(db).then(
        (keys) => ({ ...keys, gateway: razorpayGateway({ keyId: keys.keyId, keySecret: keys.keySecret, apiUrl: TEST_GATEWAY_PREFIX, adapter: inProcessAdapter(app) }) }),
        (err: unknown) => {
          account = undefined; // a database hiccup: the next call asks again
          throw err;
        },
      );
      return account;
    },
    webhooks: {
      deliver: (log) => deliverGatewayWebhooks(db, post, log),
      onQueued(fn) {
        wake = fn;
      },
    },
    eventQueued: () => wake(),
  };
}
