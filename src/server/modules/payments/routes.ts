import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentEndpoints } from '../../../domain/contracts/payment';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import type { PaymentProvider } from '../../payments/provider';
import { completeCheckout, startCheckout } from './checkout';
import type { PaymentDeps } from './deps';
import { handleWebhook } from './webhooks';

const route = routesOf(paymentEndpoints);

export const paymentRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payments'];
    const service: PaymentDeps = { db: deps.database.db, payments: deps.payments, publicUrl: deps.config.publicUrl, log: app.log, operatorGstin: deps.config.operatorGstin };

    app.route({
      ...route('POST /api/bookings/:id/payment', { tags, summary: "Checkout's order for my booking awaiting payment (made once; the amount is the server's total, in paise)" }),
      ...signedIn,
      handler: async (request) => startCheckout(service, requireUser(request).id, request.params.id),
    });

    app.route({
      ...route('POST /api/payments/checkout-callback', { tags, summary: "Checkout's signed answer for my booking: verified, then the payment is asked of the provider and applied once" }),
      ...signedIn,
      handler: async (request) => completeCheckout(service, requireUser(request).id, request.body),
    });

    // The webhook reads its body as the raw text its signature covers: a parser of its own, in a
    // scope of its own, so the rest of the API keeps Fastify's JSON parser.
    await app.register(async (scope) => {
      const hooks = scope.withTypeProvider<ZodTypeProvider>();
      hooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
      hooks.route({
        ...route('POST /api/payments/webhooks/razorpay', { tags, summary: "Razorpay's webhooks (payment.captured, payment.failed, refund.processed), signed over the raw body; 400 changes nothing" }),
        handler: async (request) => {
          await handleWebhook(service, request.body, request.headers['x-razorpay-signature'], request.headers['x-razorpay-event-id']);
          return { ok: true as const };
        },
      });
    });
  };
