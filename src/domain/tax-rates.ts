import type { IsoDate } from './dates';

// The Indian tax rates a marketplace operator applies to a stay's money (PRODUCT.md section 7),
// each with the date it applies from, in basis points (1% = 100 bps) so that the arithmetic
// stays in integers. A rate is read for the day the stay was paid (rateOn).
// - GST on the operator's service fee: 18% (SAC 998599, other support services).
// - TCS under section 52 of the CGST Act, collected from a GST-registered host on the net taxable
//   value of the stays sold through the operator: 1% (CGST 0.5% + SGST 0.5%), 0.5% from 10 July
//   2024 (Notification 15/2024-Central Tax).
// - TDS under section 194-O of the Income-tax Act on the gross amount of the stay (GST excluded,
//   CBDT Circular 17/2020): 1%, 0.1% from 1 October 2024 (Finance (No. 2) Act, 2024); 5% when the
//   host has given no PAN (section 206AA).
// GST on the stay itself (5% or 18% by the nightly price) is priced with the stay (pricing-config.ts).

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

/** The rate in force on `day`: the latest whose `from` is on or before it. */
export function rateOn(rates: readonly DatedRate[], day: IsoDate): number {
  let found: DatedRate | undefined;
  for (const r of rates) if (r.from <= day && (!found || r.from > found.from)) found = r;
  if (!found) throw new RangeError(`no rate in force on ${day}`);
  return found.bps;
}

/** `bps` basis points of whole paise, rounded to whole paise half up. */
export function bpsOfPaise(paise: number, bps: number): number {
  return Math.floor((paise * bps + 5_000) / 10_000);
}

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
