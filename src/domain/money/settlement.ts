import { addYears, type IsoDate } from '../dates';
import { BPS_PER_PERCENT, bpsOf, toPaise } from './units';
import type { BookingCost } from './pricing';
import { isIndividualOrHufPan } from './tax-ids';
import { gstStateCode, inForce, OPERATOR_STATE, rateOn, TAX_RATES, TDS_194O_EXEMPT_UP_TO } from './tax-rates';

// Where a paid stay's money goes (PRODUCT.md section 7), in whole paise, for the ledger, the host's
// statement and the guest's invoice alike: one computation, so the three cannot disagree.
// - The guest pays the stay and its GST. A refund gives back a share of both; what is kept is the
//   rest, to the paisa (keptOfStay), and what the refund gives back is the difference between the
//   stay kept whole and the stay kept after it (refundPaise): one computation, not two.
// - The host's service fee is the same share of the booking's fee, and GST at 18% is added on it.
// - GST on the stay: when the host is not GST-registered, the operator pays it under section 9(5)
//   of the CGST Act; a registered host is paid it and pays it, and the operator collects TCS
//   (section 52) from them.
// - TDS (section 194-O) on the stay's value, at the higher rate for a host with no PAN, and none
//   from a small seller (section 194-O(4), smallSellerTdsExempt), decided when the stay is paid.
// - The host is paid the rest.

export type HostTaxProfile = {
  gstin: string | null;
  pan: string | null;
  /**
   * No TDS on this stay under section 194-O(4): decided when it was paid (smallSellerTdsExempt)
   * and kept with its payout, so that a refund settles it the same way.
   */
  tdsExempt?: boolean;
};

export type StaySettlement = {
  /** The stay's value kept (the taxable value). */
  stay_paise: number;
  stay_gst_paise: number;
  /** What the guest paid and keeps paid: stay + GST. */
  guest_paid_paise: number;
  fee_paise: number;
  fee_gst_paise: number;
  tcs_paise: number;
  tds_paise: number;
  /** GST on the stay that the operator owes (section 9(5)): all of it for an unregistered host, else 0. */
  operator_stay_gst_paise: number;
  host_payable_paise: number;
};

type StayCost = Pick<BookingCost, 'subtotal_paise' | 'taxes_paise'> & Partial<Pick<BookingCost, 'platform_fee_paise'>>;

/**
 * What of a paid stay stands after a refund of `refundPercent`% (0 when none, 100 when all was
 * given back), in paise: the stay's value, its GST and the host's fee, each less that share of it
 * (rounded half up, bpsOf), so that 100% leaves nothing and 0% everything.
 */
export function keptOfStay(cost: StayCost, refundPercent: number): { stay: number; stayGst: number; fee: number } {
  if (!Number.isInteger(refundPercent) || refundPercent < 0 || refundPercent > 100) throw new RangeError(`percent must be 0 to 100, got ${refundPercent}`);
  const kept = (paise: number) => paise - bpsOf(paise, refundPercent * BPS_PER_PERCENT);
  return { stay: kept(cost.subtotal_paise), stayGst: kept(cost.taxes_paise), fee: kept(cost.platform_fee_paise ?? 0) };
}

/**
 * What a refund of `percent`% of a paid stay gives back, in paise: what the guest paid less what
 * they keep paid after it (keptOfStay), so that share of the stay and the same share of its GST
 * (the GST follows the refund; PRODUCT.md section 7). 100% is the whole payment to the paisa, 0%
 * nothing. The settlement's guest_paid_paise before and after the refund differ by exactly this.
 */
export function refundPaise(cost: StayCost, percent: number): number {
  const paid = keptOfStay(cost, 0);
  const kept = keptOfStay(cost, percent);
  return paid.stay + paid.stayGst - (kept.stay + kept.stayGst);
}

/**
 * The settlement of a stay paid on `paidOn`, after a refund of `refundPercent`% (0 when none, 100
 * when all was given back). Every field is whole paise; the guest's money is fully accounted for:
 * guest_paid = host_payable + fee + fee_gst + tcs + tds + operator_stay_gst.
 */
export function settleStay(
  cost: Pick<BookingCost, 'subtotal_paise' | 'taxes_paise' | 'platform_fee_paise'>,
  host: HostTaxProfile,
  paidOn: IsoDate,
  refundPercent = 0,
): StaySettlement {
  const { stay, stayGst, fee } = keptOfStay(cost, refundPercent);
  const feeGst = bpsOf(fee, rateOn(TAX_RATES.gstOnServiceFee, paidOn));
  const registered = host.gstin !== null;
  const tcs = registered ? bpsOf(stay, rateOn(TAX_RATES.tcsSection52, paidOn)) : 0;
  const tds = host.tdsExempt ? 0 : bpsOf(stay, rateOn(host.pan ? TAX_RATES.tdsSection194O : TAX_RATES.tdsSection194ONoPan, paidOn));
  const operatorStayGst = registered ? 0 : stayGst;
  return {
    stay_paise: stay,
    stay_gst_paise: stayGst,
    guest_paid_paise: stay + stayGst,
    fee_paise: fee,
    fee_gst_paise: feeGst,
    tcs_paise: tcs,
    tds_paise: tds,
    operator_stay_gst_paise: operatorStayGst,
    host_payable_paise: stay + stayGst - operatorStayGst - fee - feeGst - tcs - tds,
  };
}

export type GstSplit = { cgst_paise: number; sgst_paise: number; igst_paise: number };

/**
 * The GST of an invoice, split by where the supply is: CGST and SGST in halves when the supplier
 * is in the state of the home (the place of supply of accommodation, section 12(3) IGST Act),
 * IGST otherwise. The supplier is the host when GST-registered (the state of its GSTIN), else the
 * operator (section 9(5)).
 */
export function splitGst(gstPaise: number, homeState: string, hostGstin: string | null): GstSplit {
  const supplierCode = hostGstin ? hostGstin.slice(0, 2) : OPERATOR_STATE.code;
  const placeCode = gstStateCode(homeState);
  if (placeCode !== undefined && placeCode === supplierCode) {
    const cgst = Math.floor(gstPaise / 2);
    return { cgst_paise: cgst, sgst_paise: gstPaise - cgst, igst_paise: 0 };
  }
  return { cgst_paise: 0, sgst_paise: 0, igst_paise: gstPaise };
}

/**
 * Whether section 194-O(4) spares a stay paid on `paidOn` from TDS: its host is an individual or a
 * HUF (their PAN says which) who has given their PAN, and their gross through the operator in the
 * financial year of `paidOn`, this stay's value included (`yearGrossPaise`: the stays' value, GST
 * excluded, as the TDS is reckoned on), does not exceed the threshold in force. A stay that takes
 * the year past it is withheld on in full; those before it stay as they were settled.
 */
export function smallSellerTdsExempt(pan: string | null, yearGrossPaise: number, paidOn: IsoDate): boolean {
  return pan !== null && isIndividualOrHufPan(pan) && yearGrossPaise <= toPaise(inForce(TDS_194O_EXEMPT_UP_TO, paidOn).grossInr);
}

/** The first day of the financial year of `day` (1 April), and of the next. */
export function financialYearDays(day: IsoDate): { from: IsoDate; until: IsoDate } {
  const from = `${financialYear(day).slice(0, 4)}-04-01`;
  return { from, until: addYears(from, 1) };
}

/** The financial year (1 April to 31 March) of `day`, as invoices number it: "2026-27". */
export function financialYear(day: IsoDate): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
