import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { apiEndpoints } from '../domain/contracts';
import type { RenderPage } from '../domain/server-render';
import { registerApiRoutes } from './api-routes';
import { RAZORPAY_WEBHOOK_PATH } from '../domain/contracts/payment';
import { type PaymentProvider, razorpayProvider } from './payments/provider';
import { TEST_GATEWAY_PREFIX, testGatewayApi } from './payments/test-gateway/api';
import { testGatewayProvider } from './payments/test-gateway/provider';
import type { AppDeps, Lifecycle } from './app-deps';
import { type AppMetrics, createMetrics, measureRequests, serveMetrics } from './observability/metrics';
import { answerRequestIds } from './observability/request-ids';
import { openStorage, type Storage } from './storage';
import { createPhoneSenders, type PhoneSenders } from './phone';
import type { PushSender } from './push/web-push';
import { type ChannelSenders, createPushSender } from './modules/notifications';
import { answerMissingApiRoutesAtOnce } from './http/not-found';
import { installSessions } from './auth/guard';
import { answerPublicPhotoUrls, installAnswerCaching, servePhotos, serveWebFiles } from './http/caching';
import { requireContracts } from './http/endpoint';
import { findWebBuild, servePages } from './http/pages';
import { serveDevOutbox } from './http/dev-outbox';
import { hardenRequests, installSecurityHeaders, serverOptions } from './http/security';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider the app runs with; the jobs use it too (main.ts). */
    payments: PaymentProvider;
    /** This process's metrics (/metrics); the jobs report to it too (main.ts). */
    metrics: AppMetrics;
    /** The senders of push, SMS and WhatsApp; the delivery worker uses them too (main.ts). */
    channels: ChannelSenders;
    /** Set `draining` when the process starts to stop: readiness then fails (main.ts). */
    lifecycle: Lifecycle;
  }
}

export type BuildAppOptions = Omit<AppDeps, 'storage' | 'phone' | 'push'> & {
  /** SMS and WhatsApp; by default those the config names (a provider, or the test mode). */
  phone?: PhoneSenders;
  /** Web Push; by default the config's keys, or development's own. */
  push?: PushSender | null;
  /** The stores; by default those the config names (the disk under DATA_DIR, or the bucket). */
  storage?: Storage;
  /** The built web app (dist/web); when absent, only the API is served. */
  webDir?: string;
  /** Renders the first view of the server-rendered pages (dist/ssr); without it they are sent as the bare app. */
  renderPage?: RenderPage;
  /** A pino logger; tests run without one. */
  logger?: FastifyBaseLogger;
};

/**
 * The app, composed in an order that matters: the app-wide hooks first (hardening before caching:
 * the ETag hook reads the cache-control the hardening settles), then the security headers and
 * compression, which must precede every route they apply to, the sessions, the API, the static
 * files, and the pages with the not-found handler last.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify(serverOptions(config, options.logger)).withTypeProvider<ZodTypeProvider>();
  const opts = {
    ...options,
    storage: options.storage ?? openStorage(config),
    phone: options.phone ?? createPhoneSenders(config, app.log),
    push: options.push !== undefined ? options.push : await createPushSender(options.database.db, config),
  };
  app.decorate('channels', { ...opts.phone, push: opts.push });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every /api route takes its shape from src/domain/contracts, or the app does not start.
  requireContracts(app, apiEndpoints);

  const metrics = createMetrics({ withProcess: config.metricsToken !== null });
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('metrics', metrics);
  app.decorate('lifecycle', lifecycle);
  answerRequestIds(app);
  measureRequests(app, metrics);
  if (opts.database.connections) metrics.countConnections(opts.database.connections);
  hardenRequests(app);
  // Before the ETags and compression, which must see the answer as it is sent.
  answerPublicPhotoUrls(app, config.publicAssetUrl);
  const answers = await installAnswerCaching(app, opts);
  const web = findWebBuild(opts.webDir);
  await installSecurityHeaders(app, config, web?.firstViewLoader ? [web.firstViewLoader.hash] : []);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'PawStay API', version: '1.0.0', description: 'Pet-friendly stays, starting in Ahmedabad' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(cookie);
  installSessions(app, { db: opts.database.db, secure: config.env === 'production', publicUrl: config.publicUrl });
  answerMissingApiRoutesAtOnce(app);

  // Razorpay, or in test mode the gateway that answers as Razorpay's API does (decision 025),
  // beside the app and reached through it.
  let payments: PaymentProvider;
  if (config.payments.provider === 'razorpay') {
    payments = razorpayProvider(config.payments);
  } else {
    const test = testGatewayProvider(opts.database.db, app, RAZORPAY_WEBHOOK_PATH);
    await app.register(testGatewayApi(opts.database.db, { onEvent: test.eventQueued }), { prefix: TEST_GATEWAY_PREFIX });
    // Its key pair is made now, not by the first request that needs it (a refused one included).
    await test.account();
    payments = test;
  }
  app.decorate('payments', payments);
  servePhotos(app, opts.storage.photos);
  await registerApiRoutes(app, { ...opts, answers, payments, lifecycle });
  serveMetrics(app, metrics, config.metricsToken);

  // The test modes' outbox, for developers and browser tests; production has no such page.
  if (config.env !== 'production') serveDevOutbox(app, config.dataDir);
  if (web) await serveWebFiles(app, web.dir);
  servePages(app, opts, web);
  return app;
}
