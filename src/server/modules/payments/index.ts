// What other modules may use of payments: refunds decided in their transactions, the job, and
// the saving and linking of a payout account (the payout_accounts table is payments', decision 044).
export { queueRefund } from './refunds';
export { runPaymentJob } from './jobs';
export { linkPayoutAccounts } from './transfers';
export { type NewPayoutAccount, upsertPayoutAccount } from './queries';
export { checkLedger, type LedgerProblem } from './ledger-check';
export type { PaymentDeps } from './deps';
export { payoutsNeedingAttention, recoveriesOwed, releasePayoutForRetry, reopenRecovery } from './attention';
export { problemRefundOutlook, type RefundOutlook, stayMoney, type StayMoney } from './stay-money';
