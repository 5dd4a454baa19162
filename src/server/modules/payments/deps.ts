import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../payments/provider';

/** What the payments' services need: the database, the provider, links for e-mails, a log for operators. */
export type PaymentDeps = {
  db: Db;
  payments: PaymentProvider;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** The operator's GSTIN (OPERATOR_GSTIN), written into each invoice as it is issued; none in tests and demos. */
  operatorGstin?: string | null;
};
