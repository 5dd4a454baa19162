// The payments' SQL (decision 024), by concern: paying, refunds, the ledger, payouts.
export * from './checkout';
export * from './refunds';
export * from './ledger';
export * from './payouts';
export * from './recoveries';
