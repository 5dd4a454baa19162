// What other modules may use of payments: refunds decided in their transactions, the job, and
// the linking of a payout account its host has just saved.
export { queueRefund } from './refunds';
export { runPaymentJob } from './jobs';
export { linkPayoutAccounts } from './transfers';
export { checkLedger, type LedgerProblem } from './ledger-check';
export type { PaymentDeps } from './deps';
export { payoutsNeedingAttention, retryPayout } from './attention';
