import type { IsoDate } from './dates';
import { toPaise } from './money';
import { type BookingCost, percentOfPaise } from './pricing';
import { bpsOfPaise, gstStateCode, OPERATOR_STATE, rateOn, TAX_RATES } from './tax-rates';

// Where a paid stay's money goes (PRODUCT.md section 7), in whole paise, for the ledger, the host's
// statement and the guest's invoice alike: one computation, so the three cannot disagree.
// - The guest pays the stay and its GST. A refund gives back a share of both (refundPaise); what
//   is kept is the rest, to the paisa.
// - The host's service fee is the same share of the booking's fee, and GST at 18% is added on it.
// - GST on the stay: when the host is not GST-registered, the operator pays it under section 9(5)
//   of the CGST Act; a registered host is paid it and pays it, and the operator collects TCS
//   (section 52) from them.
// - TDS (section 194-O) on the stay's value, at the higher rate for a host with no PAN.
// - The host is paid the rest.

export type HostTaxProfile = { gstin: string | null; pan: string | null };

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

const share = (paise: number, refundPercent: number) => paise - percentOfPaise(paise, refundPercent);

/**
 * The settlement of a stay paid on `paidOn`, after a refund of `refundPercent`% (0 when none, 100
 * when all was given back). Every field is whole paise; the guest's money is fully accounted for:
 * guest_paid = host_payable + fee + fee_gst + tcs + tds + operator_stay_gst.
 */
export function settleStay(
  cost: Pick<BookingCost, 'subtotal_inr' | 'taxes_inr' | 'platform_fee_inr'>,
  host: HostTaxProfile,
  paidOn: IsoDate,
  refundPercent = 0,
): StaySettlement {
  const stay = share(toPaise(cost.subtotal_inr), refundPercent);
  const stayGst = share(toPaise(cost.taxes_inr), refundPercent);
  const fee = share(toPaise(cost.platform_fee_inr), refundPercent);
  const feeGst = bpsOfPaise(fee, rateOn(TAX_RATES.gstOnServiceFee, paidOn));
  const registered = host.gstin !== null;
  const tcs = registered ? bpsOfPaise(stay, rateOn(TAX_RATES.tcsSection52, paidOn)) : 0;
  const tds = bpsOfPaise(stay, rateOn(host.pan ? TAX_RATES.tdsSection194O : TAX_RATES.tdsSection194ONoPan, paidOn));
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

/** The financial year (1 April to 31 March) of `day`, as invoices number it: "2026-27". */
export function financialYear(day: IsoDate): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
