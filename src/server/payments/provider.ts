import type { FastifyBaseLogger } from 'fastify';
import type { RazorpayConfig } from '../config';
import { type PaymentGateway, razorpayGateway } from './razorpay';

// The payment provider the app runs with (docs/decisions/025): Razorpay when its keys are set, or
// the built-in test gateway (test-gateway/provider.ts). The rest of the app sees only this: a
// gateway spoken to through the official SDK, and the secrets its signatures are checked with.

export type PaymentAccount = {
  gateway: PaymentGateway;
  /** Checkout's public key. */
  keyId: string;
  /** Signs Checkout's callback (HMAC of order and payment ids). */
  keySecret: string;
  /** Signs each webhook's raw body. */
  webhookSecret: string;
};

export type PaymentProvider = {
  name: 'razorpay' | 'test';
  /** The account; test mode reads its keys from the database the first time. */
  account(): Promise<PaymentAccount>;
  /** Test mode only: the gateway's webhooks, sent by a job (jobs/index.ts). */
  webhooks?: {
    deliver(log: Pick<FastifyBaseLogger, 'warn'>): Promise<{ delivered: number; failed: number }>;
    /** Called with the job's wake-up: a queued event is sent at once, not at the next tick. */
    onQueued(wake: () => void): void;
  };
};

export function razorpayProvider(config: RazorpayConfig): PaymentProvider {
  const account: PaymentAccount = {
    gateway: razorpayGateway({ keyId: config.keyId, keySecret: config.keySecret }),
    keyId: config.keyId,
    keySecret: config.keySecret,
    webhookSecret: config.webhookSecret,
  };
  return { name: 'razorpay', account: async () => account };
}
