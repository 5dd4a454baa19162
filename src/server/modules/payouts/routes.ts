import { withoutTransactionCheck } from '../../db/transaction-check';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutEndpoints } from '../../../domain/contracts/payout';
import { PAYOUT_RELEASE_TEXT } from '../../../domain/money/payout';
import type { AppDeps } from '../../app-deps';
import { paymentsTestMode } from '../../config';
import type { PaymentProvider } from '../../payments/provider';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { linkPayoutAccounts } from '../payments';
import { getPayoutAccount, getTaxProfile, listPayouts, savePayoutAccount, saveTaxProfile } from './service';
import { selectStatementMonths } from './queries';
import { buildStatement, statementCsv, statementFileName, statementPdf } from './statement';

const route = routesOf(payoutEndpoints);

export const payoutRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['host'];
    const testMode = paymentsTestMode(deps.config);

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
      ...route('PUT /api/host/payout-account', { tags, summary: 'Set where I am paid: a bank account with IFSC, or a UPI ID, and my mobile number; the payment provider is asked to set it up at once' }),
      ...signedIn,
      handler: async (request) => {
        const host = requireUser(request);
        const hostId = host.id;
        await savePayoutAccount(db, host, request.body, { publicUrl: deps.config.publicUrl, testMode });
        // The provider is asked at once, so the host reads its answer (set up, or why not) now;
        // the payments job tries again later should it not answer. The job's work, not judged on
        // the session (decision 037): the account saved was, and an account linked at the
        // provider must be recorded even if the host signs out meanwhile.
        await withoutTransactionCheck(() => linkPayoutAccounts({ db, payments: deps.payments, publicUrl: deps.config.publicUrl, log: request.log }, hostId));
        return getPayoutAccount(db, hostId);
      },
    });
    app.route({
      ...route('GET /api/host/payouts', { tags, summary: `My payouts: upcoming (held until ${PAYOUT_RELEASE_TEXT}) and paid` }),
      ...signedIn,
      handler: async (request) => ({ ...(await listPayouts(db, requireUser(request).id)), test_mode: testMode }),
    });
    app.route({
      ...route('GET /api/host/statements', { tags, summary: 'The months in which my stays moved money, newest first, with their net' }),
      ...signedIn,
      handler: async (request) => ({ months: await selectStatementMonths(db, requireUser(request).id) }),
    });
    app.route({
      ...route('GET /api/host/statements/:month', {
        tags,
        summary: "My statement of a month (yyyy-MM, India time) from the ledger: each stay's gross, fee, GST on it, withholdings and net, and the payouts paid; as a PDF or CSV",
      }),
      ...signedIn,
      handler: async (request, reply) => {
        const { month } = request.params;
        const statement = await buildStatement(db, requireUser(request).id, month, testMode);
        const csv = request.query.format === 'csv';
        const body = csv ? `\uFEFF${statementCsv(statement)}` : Buffer.from(await statementPdf(statement));
        return reply
          .header('Content-Type', csv ? 'text/csv; charset=utf-8' : 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${statementFileName(statement, csv ? 'csv' : 'pdf')}"`)
          .header('Cache-Control', 'private, no-store')
          // A file, not JSON: the contract's type knows only the errors.
          .send(body as never);
      },
    });
  };
