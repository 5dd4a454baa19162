// What other modules may use of payments: refunds decided in their transactions, the job.
export { queueRefund } from './refunds';
export { runPaymentJob } from './jobs';
export { checkLedger, type LedgerProblem } from './ledger-check';
export type { PaymentDeps } from './deps';
