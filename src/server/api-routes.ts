import type { FastifyInstance } from 'fastify';
import type { Lifecycle, PublicReadDeps } from './app-deps';
import type { PaymentProvider } from './payments/provider';
import { authRoutes } from './modules/auth/routes';
import { bookingRoutes } from './modules/bookings/routes';
import { clientConfigRoutes } from './modules/client-config/routes';
import { contactRoutes } from './modules/contact/routes';
import { favoriteRoutes } from './modules/favorites/routes';
import { healthRoutes } from './modules/health/routes';
import { listingRoutes } from './modules/listings/routes';
import { meetRoutes } from './modules/meets/routes';
import { messageRoutes } from './modules/messages/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { opsRoutes } from './modules/ops/routes';
import { reportRoutes } from './modules/reports/routes';
import { queueRefund } from './modules/payments';
import { paymentRoutes } from './modules/payments/routes';
import { payoutRoutes } from './modules/payouts/routes';
import { petRoutes } from './modules/pets/routes';
import { profileRoutes } from './modules/profile/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { searchRoutes } from './modules/search/routes';
import { stayRoutes } from './modules/stays/routes';
import { taxDocumentRoutes } from './modules/tax-documents/routes';
import { verificationRoutes } from './modules/verification/routes';

/**
 * The API: each module's routes, a plugin of its own (encapsulated: what a module adds stays its
 * own), registered on `app` after the app-wide hooks and plugins, which therefore reach them all.
 */
export async function registerApiRoutes(app: FastifyInstance, deps: PublicReadDeps & { payments: PaymentProvider; lifecycle: Lifecycle }): Promise<void> {
  const { answers, payments, lifecycle, ...opts } = deps;
  await app.register(healthRoutes({ ...opts, lifecycle }));
  await app.register(authRoutes(opts));
  await app.register(profileRoutes(opts));
  await app.register(petRoutes(opts));
  await app.register(clientConfigRoutes(opts));
  await app.register(contactRoutes(opts));
  await app.register(listingRoutes({ ...opts, answers }));
  // Payments calls bookings (confirmPaid); bookings is handed payments' refund, so neither imports the other.
  await app.register(bookingRoutes({ ...opts, refund: queueRefund }));
  await app.register(paymentRoutes({ ...opts, payments }));
  await app.register(payoutRoutes({ ...opts, payments }));
  await app.register(taxDocumentRoutes(opts));
  await app.register(reviewRoutes(opts));
  await app.register(searchRoutes({ ...opts, answers }));
  await app.register(stayRoutes(opts));
  await app.register(meetRoutes(opts));
  await app.register(messageRoutes(opts));
  await app.register(notificationRoutes(opts));
  await app.register(favoriteRoutes(opts));
  await app.register(verificationRoutes(opts));
  await app.register(opsRoutes(opts));
  await app.register(reportRoutes(opts));
}
