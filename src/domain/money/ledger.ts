import type { StaySettlement } from './settlement';

// The ledger's movements (PRODUCT.md section 7, decisions 027 and 028). Double entry: each
// movement's lines sum to zero (debits positive), so each booking's rows do too, and every account
// reads as what the operator holds or owes.

export type LedgerLine = { account: string; amountPaise: number };

export const LEDGER_ACCOUNTS = {
  /** Money held at the payment provider. */
  providerCash: 'provider_cash',
  /** Refunds decided and not yet processed by the provider. */
  refundsPayable: 'refunds_payable',
  /**
   * What hosts are owed for paid stays, until paid out; a debit balance when a refund came after
   * the payout and the host owes back their share of it, until it is recovered (decision 055).
   */
  hostPayable: 'host_payable',
  /** The operator's revenue: hosts' service fees. */
  platformFees: 'platform_fees',
  /** GST the operator owes on its fees. */
  gstOnFees: 'gst_on_fees',
  /** GST the operator owes on the stays of hosts not registered for GST (CGST Act section 9(5)). */
  gstOnStays: 'gst_on_stays',
  /** TCS collected from GST-registered hosts (CGST Act section 52). */
  tcsPayable: 'tcs_payable',
  /** TDS withheld from hosts (Income-tax Act section 194-O). */
  tdsPayable: 'tds_payable',
} as const;

const A = LEDGER_ACCOUNTS;

/** Where a settlement puts the guest's money, as credits (negative): the capture's other side. */
function allocation(s: StaySettlement): LedgerLine[] {
  return [
    { account: A.hostPayable, amountPaise: -s.host_payable_paise },
    { account: A.platformFees, amountPaise: -s.fee_paise },
    { account: A.gstOnFees, amountPaise: -s.fee_gst_paise },
    { account: A.gstOnStays, amountPaise: -s.operator_stay_gst_paise },
    { account: A.tcsPayable, amountPaise: -s.tcs_paise },
    { account: A.tdsPayable, amountPaise: -s.tds_paise },
  ].filter((l) => l.amountPaise !== 0);
}

/** The provider captured the guest's payment for a stay it confirms: the money, and where it goes. */
export const stayPaid = (s: StaySettlement): LedgerLine[] => [{ account: A.providerCash, amountPaise: s.guest_paid_paise }, ...allocation(s)];

/** A payment the app cannot keep (the stay lapsed, was cancelled or already paid): owed back in full. */
export const paymentToReturn = (paise: number): LedgerLine[] => [
  { account: A.providerCash, amountPaise: paise },
  { account: A.refundsPayable, amountPaise: -paise },
];

/**
 * A refund of a paid stay: the settlement before it is undone and the one after it stands, and
 * the difference (what the guest gets back) is owed to them.
 */
export function stayRefunded(before: StaySettlement, after: StaySettlement): LedgerLine[] {
  const undo = allocation(before).map((l) => ({ ...l, amountPaise: -l.amountPaise }));
  const lines = [...undo, ...allocation(after), { account: A.refundsPayable, amountPaise: -(before.guest_paid_paise - after.guest_paid_paise) }];
  // One line per account: the net change.
  const net = new Map<string, number>();
  for (const l of lines) net.set(l.account, (net.get(l.account) ?? 0) + l.amountPaise);
  return [...net].filter(([, v]) => v !== 0).map(([account, amountPaise]) => ({ account, amountPaise }));
}

/** The provider processed a refund: the money left. */
export const refundPaid = (paise: number): LedgerLine[] => [
  { account: A.refundsPayable, amountPaise: paise },
  { account: A.providerCash, amountPaise: -paise },
];

/** A host was paid out. */
export const hostPaidOut = (paise: number): LedgerLine[] => [
  { account: A.hostPayable, amountPaise: paise },
  { account: A.providerCash, amountPaise: -paise },
];

/** A host's share of a refund made after their payout came back from their linked account at the provider. */
export const hostRecovered = (paise: number): LedgerLine[] => [
  { account: A.providerCash, amountPaise: paise },
  { account: A.hostPayable, amountPaise: -paise },
];

/** Refuses a movement whose lines do not sum to zero: a bug must not reach the ledger. */
export function balanced(lines: LedgerLine[]): LedgerLine[] {
  const sum = lines.reduce((total, l) => total + l.amountPaise, 0);
  if (sum !== 0) throw new Error(`unbalanced ledger movement (sum ${sum}): ${JSON.stringify(lines)}`);
  return lines;
}
