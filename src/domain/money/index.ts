// Money's rules in one folder (decision 043): the units and their rounding, the price of a stay,
// the tax rates and where a paid stay's money goes, cancellation refunds, the ledger's movements,
// the payout delay and the GST documents. Pure, so the browser and the server read the same rule.
// The browser imports the files themselves (a page needs one rule, not the folder); the server may
// take them from here.
export * from './units';
export * from './pricing-config';
export * from './pricing';
export * from './tax-rates';
export * from './settlement';
export * from './cancellation';
export * from './payout';
export * from './ledger';
export * from './tax-ids';
export * from './tax-invoice';
