import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutEndpoints } from '../../../domain/contracts/payout';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { getPayoutAccount, getTaxProfile, listPayouts, savePayoutAccount, saveTaxProfile } from './service';

const route = routesOf(payoutEndpoints);

export const payoutRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['host'];

    app.route({
      ...route('GET /api/host/tax-profile', { tags, summary: 'My tax status as a host: GST registration (GSTIN) and PAN (masked)' }),
      ...signedIn,
      handler: async (request) => getTaxProfile(db, requireUser(request).id),
    });
    app.route({
      ...route('PUT /api/host/tax-profile', { tags, summary: 'State my GST registration and PAN; applies to stays paid from now on' }),
      ...signedIn,
      handler: async (request) => saveTaxProfile(db, requireUser(request).id, request.body),
    });
    app.route({
      ...route('GET /api/host/payout-account', { tags, summary: 'Where I am paid: its kind and last four characters, or null' }),
      ...signedIn,
      handler: async (request) => getPayoutAccount(db, requireUser(request).id),
    });
    app.route({
      ...route('PUT /api/host/payout-account', { tags, summary: 'Set where I am paid: a bank account with IFSC, or a UPI ID' }),
      ...signedIn,
      handler: async (request) => savePayoutAccount(db, requireUser(request).id, request.body),
    });
    app.route({
      ...route('GET /api/host/payouts', { tags, summary: 'My payouts: upcoming (held until 24 hours after check-in) and paid' }),
      ...signedIn,
      handler: async (request) => listPayouts(db, requireUser(request).id),
    });
  };
