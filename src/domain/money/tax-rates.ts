import type { IsoDate } from '../dates';
import { BPS_PER_PERCENT } from './units';

// The Indian tax rates a marketplace operator applies to a stay's money (PRODUCT.md section 7),
// each with the date it applies from, in basis points (1% = 100 bps) so that the arithmetic
// stays in integers. One place: the pricing, the settlement, the documents and every text that
// names a rate read them here. A rate is read for the day the stay was paid (rateOn), except the
// GST on the stay itself, which is priced with the stay, before it is paid, for its first night.
// - GST on the operator's service fee: 18% (SAC 998599, other support services).
// - TCS under section 52 of the CGST Act, collected from a GST-registered host on the net taxable
//   value of the stays sold through the operator: 1% (CGST 0.5% + SGST 0.5%), 0.5% from 10 July
//   2024 (Notification 15/2024-Central Tax).
// - TDS under section 194-O of the Income-tax Act on the gross amount of the stay (GST excluded,
//   CBDT Circular 17/2020): 1%, 0.1% from 1 October 2024 (Finance (No. 2) Act, 2024); 5% when the
//   host has given no PAN (section 206AA); none under section 194-O(4) for a small seller
//   (TDS_194O_EXEMPT_UP_TO).

export type DatedRate = { from: IsoDate; bps: number };

export const TAX_RATES = {
  gstOnServiceFee: [{ from: '2017-07-01', bps: 1800 }],
  tcsSection52: [
    { from: '2018-10-01', bps: 100 },
    { from: '2024-07-10', bps: 50 },
  ],
  tdsSection194O: [
    { from: '2020-10-01', bps: 100 },
    { from: '2024-10-01', bps: 10 },
  ],
  tdsSection194ONoPan: [{ from: '2020-10-01', bps: 500 }],
} as const satisfies Record<string, readonly DatedRate[]>;

/**
 * GST on a stay (accommodation, SAC 996311) by its nightly price: `lowBps` up to and including
 * `upToNightlyInr` a night, `highBps` above. 12% and 18% from 18 July 2022, when the exemption of
 * rooms up to ₹1,000 ended (47th GST Council); 5% (without input tax credit) and 18% from 22
 * September 2025 (56th GST Council). Earlier stays are not priced here.
 */
export type DatedGstSlabs = { from: IsoDate; upToNightlyInr: number; lowBps: number; highBps: number };

export const GST_ON_STAYS = [
  { from: '2022-07-18', upToNightlyInr: 7500, lowBps: 1200, highBps: 1800 },
  { from: '2025-09-22', upToNightlyInr: 7500, lowBps: 500, highBps: 1800 },
] as const satisfies readonly DatedGstSlabs[];

/**
 * Section 194-O(4) of the Income-tax Act: no TDS from an e-commerce participant who is an
 * individual or a HUF and has furnished their PAN, while the gross amount of their sales or
 * services through the operator in the financial year does not exceed this (₹5,00,000 since the
 * section began, 1 October 2020, Finance Act 2020).
 */
export const TDS_194O_EXEMPT_UP_TO = [{ from: '2020-10-01', grossInr: 500_000 }] as const satisfies readonly { from: IsoDate; grossInr: number }[];

/** The entry in force on `day`: the latest whose `from` is on or before it. */
export function inForce<T extends { from: IsoDate }>(entries: readonly T[], day: IsoDate): T {
  let found: T | undefined;
  for (const e of entries) if (e.from <= day && (!found || e.from > found.from)) found = e;
  if (!found) throw new RangeError(`no rate in force on ${day}`);
  return found;
}

/** The rate in force on `day`: the latest whose `from` is on or before it. */
export const rateOn = (rates: readonly DatedRate[], day: IsoDate): number => inForce(rates, day).bps;

/** The GST rate of a stay at `nightlyPriceInr` a night whose first night is `day`, in basis points. */
export function stayGstBps(nightlyPriceInr: number, day: IsoDate): number {
  const slabs = inForce(GST_ON_STAYS, day);
  return nightlyPriceInr <= slabs.upToNightlyInr ? slabs.lowBps : slabs.highBps;
}

/** A rate as a text says it: 1800 → "18%", 10 → "0.1%". */
export const percentText = (bps: number): string => `${bps / BPS_PER_PERCENT}%`;

/** The GST state code of India's states and union territories, by name (lower case). */
export const GST_STATE_CODES: Record<string, string> = {
  'jammu and kashmir': '01', 'himachal pradesh': '02', punjab: '03', chandigarh: '04', uttarakhand: '05',
  haryana: '06', delhi: '07', rajasthan: '08', 'uttar pradesh': '09', bihar: '10', sikkim: '11',
  'arunachal pradesh': '12', nagaland: '13', manipur: '14', mizoram: '15', tripura: '16', meghalaya: '17',
  assam: '18', 'west bengal': '19', jharkhand: '20', odisha: '21', chhattisgarh: '22', 'madhya pradesh': '23',
  gujarat: '24', 'dadra and nagar haveli and daman and diu': '26', maharashtra: '27', karnataka: '29',
  goa: '30', lakshadweep: '31', kerala: '32', 'tamil nadu': '33', puducherry: '34',
  'andaman and nicobar islands': '35', telangana: '36', 'andhra pradesh': '37', ladakh: '38',
};

/** The state's GST code, or undefined for a name not in the list. */
export const gstStateCode = (state: string): string | undefined => GST_STATE_CODES[state.trim().toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ')];

/** The state of a GST state code, as it is written ("Gujarat", "Dadra and Nagar Haveli and Daman and Diu"). */
export function gstStateName(code: string): string | undefined {
  const name = Object.keys(GST_STATE_CODES).find((key) => GST_STATE_CODES[key] === code);
  return name?.replace(/\b(?!and\b)\w/g, (c) => c.toUpperCase());
}

/** Where the operator is registered (Ahmedabad): the supplier under section 9(5) of the CGST Act. */
export const OPERATOR_STATE = { name: 'Gujarat', code: '24' } as const;
