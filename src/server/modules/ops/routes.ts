import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { incidentOpsEndpoints } from '../../../domain/contracts/incident';
import { opsAccountEndpoints, opsEndpoints, opsPayoutEndpoints } from '../../../domain/contracts/ops';
import { reportOpsEndpoints } from '../../../domain/contracts/reports';
import type { AppDeps } from '../../app-deps';
import { paymentsTestMode } from '../../config';
import { operatorsOnly, requireOperator } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { sendPrivatePhoto } from '../../http/private-document';
import { payoutsNeedingAttention, queueRefund, recoveriesOwed } from '../payments';
import { selectOpenReports } from '../reports';
import { readIncidentPhoto } from '../stays';
import { accountOverview, dismissReports, failedDeliveries, findUsers, removeReview, restoreAccount, retryDelivery, retryPayout, retryRecovery, setListingVisibility, suspendAccount } from './accounts';
import { messageAboutIncident, noteIncident, openIncident, openIncidents, resolveIncidentAsOperator } from './incidents';
import { selectHistory } from './queries';

const route = routesOf({ ...opsEndpoints, ...opsAccountEndpoints, ...reportOpsEndpoints, ...opsPayoutEndpoints, ...incidentOpsEndpoints });

// The console's routes: every one operators only, answered to anyone else as a path that does not
// exist, and left out of the public OpenAPI document (decision 032).
export const opsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const moderation = { db, publicUrl: deps.config.publicUrl };
    const bookingDeps = { db, publicUrl: deps.config.publicUrl, testMode: paymentsTestMode(deps.config), refund: queueRefund };
    const tags = ['operators'];
    const hide = true;

    app.route({
      ...route('GET /api/ops/history', { tags, hide, summary: "Operators: a target's history of operator actions, oldest first (append-only)" }),
      ...operatorsOnly,
      handler: async (request) => ({ results: await selectHistory(db, request.query.target_type, request.query.target_id) }),
    });
    app.route({
      ...route('GET /api/ops/users', { tags, hide, summary: 'Operators: accounts whose e-mail address starts with the text given (20 at most)' }),
      ...operatorsOnly,
      handler: async (request) => ({ results: await findUsers(db, request.query.email) }),
    });
    app.route({
      ...route('GET /api/ops/users/:id', { tags, hide, summary: 'Operators: an account, its listings, its bookings and payments (read only) and its record' }),
      ...operatorsOnly,
      handler: async (request) => accountOverview(db, request.params.id),
    });
    app.route({
      ...route('POST /api/ops/users/:id/suspend', { tags, hide, summary: 'Operators: suspend an account (signed out everywhere, listings hidden, open bookings ended and refunded)' }),
      ...operatorsOnly,
      handler: async (request) => suspendAccount(bookingDeps, requireOperator(request).id, request.params.id, request.body.reason),
    });
    app.route({
      ...route('POST /api/ops/users/:id/restore', { tags, hide, summary: 'Operators: restore a suspended account' }),
      ...operatorsOnly,
      handler: async (request) => restoreAccount(bookingDeps, requireOperator(request).id, request.params.id, request.body.reason),
    });
    app.route({
      ...route('POST /api/ops/listings/:id/hide', { tags, hide, summary: 'Operators: hide a listing from everyone but its host' }),
      ...operatorsOnly,
      handler: async (request) => setListingVisibility(moderation, requireOperator(request).id, request.params.id, true, request.body.reason),
    });
    app.route({
      ...route('POST /api/ops/listings/:id/restore', { tags, hide, summary: 'Operators: show a hidden listing again' }),
      ...operatorsOnly,
      handler: async (request) => setListingVisibility(moderation, requireOperator(request).id, request.params.id, false, request.body.reason),
    });
    app.route({
      ...route('POST /api/ops/reviews/:id/remove', { tags, hide, summary: 'Operators: remove a review (no longer shown nor counted)' }),
      ...operatorsOnly,
      handler: async (request) => removeReview(moderation, requireOperator(request).id, request.params.id, request.body.reason),
    });
    app.route({
      ...route('GET /api/ops/reports', { tags, hide, summary: 'Operators: open reports grouped by the thing reported, the longest waiting first' }),
      ...operatorsOnly,
      handler: async () => ({ results: await selectOpenReports(db) }),
    });
    app.route({
      ...route('POST /api/ops/reports/dismiss', { tags, hide, summary: "Operators: close a thing's open reports with no action" }),
      ...operatorsOnly,
      handler: async (request) => dismissReports(moderation, requireOperator(request).id, request.body),
    });
    app.route({
      ...route('GET /api/ops/payouts', { tags, hide, summary: 'Operators: payouts the payment provider would not pay, with its answer, the longest waiting first' }),
      ...operatorsOnly,
      handler: async () => ({ results: await payoutsNeedingAttention(db) }),
    });
    app.route({
      ...route('POST /api/ops/payouts/:id/retry', { tags, hide, summary: 'Operators: send a payout from the queue again, once its cause is dealt with' }),
      ...operatorsOnly,
      handler: async (request) => retryPayout(db, requireOperator(request).id, request.params.id, request.body.reason),
    });
    app.route({
      ...route('GET /api/ops/recoveries', { tags, hide, summary: "Operators: what hosts owe back of payouts already paid, which the payment provider would not take back, the longest owed first" }),
      ...operatorsOnly,
      handler: async () => ({ results: await recoveriesOwed(db) }),
    });
    app.route({
      ...route('POST /api/ops/recoveries/:id/retry', { tags, hide, summary: "Operators: try again to take back what a host owes, once their payout account has the money" }),
      ...operatorsOnly,
      handler: async (request) => retryRecovery(db, requireOperator(request).id, request.params.id, request.body.reason),
    });
    app.route({
      ...route('GET /api/ops/deliveries', { tags, hide, summary: 'Operators: messages given up after their last attempt (the e-mail channel today), the oldest first' }),
      ...operatorsOnly,
      handler: async () => ({ results: await failedDeliveries(db) }),
    });
    app.route({
      ...route('POST /api/ops/deliveries/:id/retry', { tags, hide, summary: 'Operators: send a given-up message again from its first attempt, once its cause is dealt with' }),
      ...operatorsOnly,
      handler: async (request) => retryDelivery(db, requireOperator(request).id, request.params.id, request.body.reason),
    });
    const incidentDeps = { db, publicUrl: deps.config.publicUrl };
    app.route({
      ...route('GET /api/ops/incidents', { tags, hide, summary: "Operators: problems reported on stays and not yet resolved, urgent first, then the longest waiting" }),
      ...operatorsOnly,
      handler: async () => ({ results: await openIncidents(db) }),
    });
    app.route({
      ...route('GET /api/ops/incidents/:id', { tags, hide, summary: "Operators: a problem with its stay, money, care sheets, updates, messages and record; the opening is recorded" }),
      ...operatorsOnly,
      handler: async (request) => openIncident(db, requireOperator(request).id, request.params.id),
    });
    app.route({
      ...route('GET /api/ops/incidents/:id/photos/:photoId', { tags, hide, summary: "Operators: a photo sent with a problem's report (WebP, card or large), kept nowhere" }),
      ...operatorsOnly,
      handler: async (request, reply) =>
        sendPrivatePhoto(reply, await readIncidentPhoto(deps.storage.stayPhotos, db, request.params.id, request.params.photoId, request.query.size), { kept: false }),
    });
    app.route({
      ...route('POST /api/ops/incidents/:id/notes', { tags, hide, summary: "Operators: a note on a problem, kept in its record (the two sides do not read it)" }),
      ...operatorsOnly,
      handler: async (request) => noteIncident(db, requireOperator(request).id, request.params.id, request.body.note),
    });
    app.route({
      ...route('POST /api/ops/incidents/:id/messages', { tags, hide, summary: "Operators: write to both sides of a problem's stay (mailed to each, kept in its record)" }),
      ...operatorsOnly,
      handler: async (request) => messageAboutIncident(incidentDeps, requireOperator(request).id, request.params.id, request.body.message),
    });
    app.route({
      ...route('POST /api/ops/incidents/:id/resolve', { tags, hide, summary: "Operators: resolve a problem, refunding a share of the stay (0-100%) while its host's payout is held; both sides are told" }),
      ...operatorsOnly,
      handler: async (request) => resolveIncidentAsOperator(incidentDeps, requireOperator(request).id, request.params.id, request.body),
    });
  };
