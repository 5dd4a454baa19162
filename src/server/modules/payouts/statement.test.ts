import { describe, expect, it } from 'vitest';
import { calculateBookingCost } from '../../../domain/money/pricing';
import { settleStay, type StaySettlement } from '../../../domain/money/settlement';
import { pdfText } from '../../test/pdf-text';
import type { StatementStayRow } from './queries';
import { TEST_DOCUMENT_MARK } from '../../../domain/test-mode';
import { statementCsv, statementOf, statementPdf } from './statement';

// The host's statement as a PDF reader shows it, from worked settlements (domain/settlement.ts):
// each stay's gross, fee, GST on the fee, the stay's GST paid by the operator, withholdings and
// net, to the rupee and paisa, at both GST slabs, for a registered and an unregistered host, a
// small seller with nothing withheld, and a 50% refund in a later month.

const day = '2026-12-01';
// 3 nights at ₹2,000 (the 5% slab): ₹6,000 and GST ₹300; 2 nights at ₹8,000 (18%): ₹16,000 and ₹2,880.
const low = calculateBookingCost(2000, 3, '2026-12-10');
const high = calculateBookingCost(8000, 2, '2026-12-20');
const company = { gstin: null, pan: 'AAACC1206D' };
const registered = { gstin: '24AAACC1206D1ZM', pan: 'AAACC1206D' };
const smallSeller = { gstin: null, pan: 'ABCPK1234Q', tdsExempt: true };

/** A statement row as the ledger gives it for a settlement (statement queries): the host's view of it. */
function row(id: string, guest: string, s: Pick<StaySettlement, 'guest_paid_paise' | 'fee_paise' | 'fee_gst_paise' | 'operator_stay_gst_paise' | 'tcs_paise' | 'tds_paise' | 'host_payable_paise'>): StatementStayRow {
  return {
    booking_id: id,
    listing_title: 'Garden flat',
    guest_name: guest,
    start_date: '2026-12-10',
    end_date: '2026-12-13',
    gross_paise: s.guest_paid_paise,
    fee_paise: s.fee_paise,
    fee_gst_paise: s.fee_gst_paise,
    stay_gst_paise: s.operator_stay_gst_paise,
    withheld_paise: s.tcs_paise + s.tds_paise,
    net_paise: s.host_payable_paise,
  };
}

/** What a refund changed: the settlement after it less the one before, figure by figure. */
const change = (before: StaySettlement, after: StaySettlement) =>
  Object.fromEntries(Object.keys(before).map((k) => [k, after[k as keyof StaySettlement] - before[k as keyof StaySettlement]])) as StaySettlement;

const host = { name: 'Asha Patel', email: 'asha@example.com', gstin: null, pan: 'AAACC1206D' };

/** The PDF's text, each drawn run on a line of its own (the blank runs between cells left out). */
const text = async (s: ReturnType<typeof statementOf>) =>
  (await pdfText(await statementPdf(s))).join('\n').split('\n').map((run) => run.trim()).filter(Boolean).join('\n');
/** The run of cells `cells` one after another, as a row of the table reads. */
const rowOf = (cells: string[]) => cells.join('\n');

describe('the statement PDF', () => {
  const lowPaid = settleStay(low, company, day);

  it('shows each stay\'s figures, their totals and the payouts, as the settlements give them', async () => {
    const december = statementOf(
      '2026-12',
      host,
      [row('a', 'Sana Shah', lowPaid), row('b', 'Ravi Kumar', settleStay(high, registered, day)), row('c', 'Meera Joshi', settleStay(low, smallSeller, day))],
      [{ booking_id: 'a', listing_title: 'Garden flat', paid_at: '2026-12-11T09:00:00.000Z', amount_paise: lowPaid.host_payable_paise, reference: 'trf_A1b2C3d4E5f6G7' }],
      false,
    );
    const t = await text(december);
    // An unregistered host at 5%, a company's PAN: PawStay pays the stay's GST; TDS 0.1%, ₹6.
    expect(t).toContain(rowOf(['Rs. 6,300', 'Rs. 300', 'Rs. 54', 'Rs. 300', 'Rs. 6', 'Rs. 5,640']));
    // A registered host at 18%: paid the stay's GST; TCS 0.5% (₹80) and TDS 0.1% (₹16) withheld.
    expect(t).toContain(rowOf(['Rs. 18,880', 'Rs. 800', 'Rs. 144', 'Rs. 0', 'Rs. 96', 'Rs. 17,840']));
    // A small seller (an individual under ₹5,00,000 in the year): nothing withheld.
    expect(t).toContain(rowOf(['Rs. 6,300', 'Rs. 300', 'Rs. 54', 'Rs. 300', 'Rs. 0', 'Rs. 5,646']));
    expect(t).toContain(rowOf(['Total', 'Rs. 31,480', 'Rs. 1,400', 'Rs. 252', 'Rs. 600', 'Rs. 102', 'Rs. 29,126']));
    expect(t).toContain(rowOf(['11 Dec 2026', 'Garden flat', 'trf_A1b2C3d4E5f6G7', 'Rs. 5,640']));
    expect(t).toContain('Statement for December 2026');
    // The rates it names are the rates module's (tax-rates.ts) and the pricing's fee.
    expect(t.replace(/\s+/g, ' ')).toContain('keeps a 5% service fee with 18% GST on it');
    expect(t.replace(/\s+/g, ' ')).toContain('come to Rs. 5,00,000 or less in the financial year');
  });

  it('shows a 50% refund in a later month as what it took back, to the paisa', async () => {
    // Half of the ₹6,300 stay back: ₹3,150, the fee's half and its GST (₹27), the withholding's half (₹3).
    const refund = change(lowPaid, settleStay(low, company, day, 50));
    const january = statementOf('2027-01', host, [row('a', 'Sana Shah', refund)], [], false);
    const t = await text(january);
    expect(t).toContain(rowOf(['-Rs. 3,150', '-Rs. 150', '-Rs. 27', '-Rs. 150', '-Rs. 3', '-Rs. 2,820']));
    expect(t).toContain(rowOf(['Total', '-Rs. 3,150', '-Rs. 150', '-Rs. 27', '-Rs. 150', '-Rs. 3', '-Rs. 2,820']));
    expect(t).toContain('No payout was made this month.');
    expect(t).not.toContain('TEST');
  });

  it('marks a test statement across its pages and on its CSV\'s first line; a real one not at all', async () => {
    const stays = [row('a', 'Sana Shah', lowPaid)];
    const t = await text(statementOf('2026-12', host, stays, [], true));
    expect(t.split(TEST_DOCUMENT_MARK)).toHaveLength(3); // the band and the diagonal
    expect(t).toContain('Made in test mode: no real money moved');
    expect(statementCsv(statementOf('2026-12', host, stays, [], true)).split('\r\n')[0]).toBe(`${TEST_DOCUMENT_MARK},"Made in test mode: no real money moved, and no tax is due on it."`);
    expect(statementCsv(statementOf('2026-12', host, stays, [], false)).split('\r\n')[0]).toMatch(/^Booking,Stay,/);
    expect(await text(statementOf('2026-12', host, stays, [], false))).not.toContain('TEST');
  });
});
