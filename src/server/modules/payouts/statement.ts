import { formatCalendarMonth, formatDocumentDate, type IsoDate, todayInIndia } from '../../../domain/dates';
import { formatInr, formatPaise } from '../../../domain/money/units';
import { PRICING } from '../../../domain/money/pricing-config';
import { OPERATOR_NAME } from '../../../domain/money/tax-invoice';
import { TEST_DOCUMENT_MARK, TEST_DOCUMENT_REASON } from '../../../domain/test-mode';
import { inForce, percentText, rateOn, TAX_RATES, TDS_194O_EXEMPT_UP_TO } from '../../../domain/money/tax-rates';
import type { Db } from '../../db/client';
import { type PdfBlock, renderPdf, TEST_MODE_MARK } from '../../pdf/simple-pdf';
import { selectStatementHost, selectStatementPayouts, selectStatementStays, selectTestMoneyInMonth, type StatementStayRow } from './queries';

// A host's monthly statement (issue 22), read from the ledger: per stay, the money its payment and
// refunds moved in the month (gross, fee, GST on the fee, the stay's GST paid by the operator,
// withholdings, net), and the payouts paid in the month. As a PDF to keep, and as CSV for a
// spreadsheet or an accountant. A statement made in test mode, or showing money that moved through
// the test gateway, is marked as such across every page and in its CSV's first line (decision 040).

type Figures = Pick<StatementStayRow, 'gross_paise' | 'fee_paise' | 'fee_gst_paise' | 'stay_gst_paise' | 'withheld_paise' | 'net_paise'>;

const FIGURES = ['gross_paise', 'fee_paise', 'fee_gst_paise', 'stay_gst_paise', 'withheld_paise', 'net_paise'] as const satisfies readonly (keyof Figures)[];

type StatementHost = Awaited<ReturnType<typeof selectStatementHost>>;
type StatementPayout = Awaited<ReturnType<typeof selectStatementPayouts>>[number];

/**
 * The statement of `month` from what the ledger and the payouts say of it: each column's total
 * too; `test_mode` when it is a test statement.
 */
export function statementOf(month: string, host: StatementHost, stays: StatementStayRow[], payouts: StatementPayout[], testMode: boolean) {
  const totals = Object.fromEntries(FIGURES.map((k) => [k, stays.reduce((sum, s) => sum + s[k], 0)])) as Figures;
  return { month, host, stays, totals, payouts, paid_out_paise: payouts.reduce((sum, p) => sum + p.amount_paise, 0), test_mode: testMode };
}

export type Statement = ReturnType<typeof statementOf>;

/**
 * The host's statement of `month`: a test statement when it is made in test mode (`testMode`, the
 * server's payments now), or when any of its money moved through the test gateway.
 */
export async function buildStatement(db: Db, hostId: string, month: string, testMode: boolean): Promise<Statement> {
  const [host, stays, payouts, testMoney] = await Promise.all([
    selectStatementHost(db, hostId),
    selectStatementStays(db, hostId, month),
    selectStatementPayouts(db, hostId, month),
    selectTestMoneyInMonth(db, hostId, month),
  ]);
  return statementOf(month, host, stays, payouts, testMode || testMoney);
}

/** The statement's file name: "PawStay-statement-2026-11.pdf", "PawStay-TEST-statement-2026-11.csv" in test mode. */
export const statementFileName = (s: Pick<Statement, 'month' | 'test_mode'>, format: 'pdf' | 'csv') =>
  `PawStay-${s.test_mode ? 'TEST-' : ''}statement-${s.month}.${format}`;

/** Rupees with paise, as a spreadsheet reads them: "1234.50", "-120.00". */
const csvRupees = (paise: number) => `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

/**
 * One CSV field: quoted when it must be; a text that a spreadsheet would run as a formula
 * (=, +, -, @, a tab or a return first) is prefixed with an apostrophe. A listing's title is the host's
 * own words, a guest's name the guest's.
 */
function csvField(value: string, text = true): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function statementCsv(s: Statement): string {
  // Payouts have columns of their own, so that a column's sum is its total.
  const header = ['Booking', 'Stay', 'Guest', 'Check-in', 'Check-out', 'Gross (INR)', 'Service fee (INR)', 'GST on fee (INR)', 'Stay GST paid by PawStay (INR)', 'TCS and TDS withheld (INR)', 'Net (INR)', 'Paid out (INR)', 'Paid on', 'Payout reference'];
  const rows = s.stays.map((r) => [
    csvField(r.booking_id),
    csvField(r.listing_title),
    csvField(r.guest_name),
    r.start_date,
    r.end_date,
    ...FIGURES.map((k) => csvRupees(r[k])),
    '',
    '',
    '',
  ]);
  const payouts = s.payouts.map((p) => [
    csvField(p.booking_id),
    csvField(p.listing_title),
    '',
    '',
    '',
    ...FIGURES.map(() => ''),
    csvRupees(p.amount_paise),
    todayInIndia(new Date(p.paid_at)),
    csvField(p.reference),
  ]);
  const total = ['Total', '', '', '', '', ...FIGURES.map((k) => csvRupees(s.totals[k])), csvRupees(s.paid_out_paise), '', ''];
  // A test statement says so in its first cell, the one a spreadsheet opens on.
  const mark = s.test_mode ? [[csvField(TEST_DOCUMENT_MARK), csvField(TEST_DOCUMENT_REASON)]] : [];
  return [...mark, header, ...rows, ...payouts, total].map((r) => r.join(',')).join('\r\n') + '\r\n';
}


/**
 * What the statement's figures are, with the rates of its month (tax-rates.ts; read on its first
 * day, or on the first day a rate is known for a month before any).
 */
function statementNote(month: string): string {
  const day: IsoDate = `${month}-01`;
  const on = (first: IsoDate) => (day < first ? first : day);
  const feeGst = percentText(rateOn(TAX_RATES.gstOnServiceFee, on(TAX_RATES.gstOnServiceFee[0].from)));
  const smallSeller = formatInr(inForce(TDS_194O_EXEMPT_UP_TO, on(TDS_194O_EXEMPT_UP_TO[0].from)).grossInr);
  return (
    `Gross is what the guests paid and kept paid. ${OPERATOR_NAME} keeps a ${PRICING.platformFeePercent}% service fee with ${feeGst} GST on it; ` +
    'pays the GST on the stays of hosts not registered for GST (section 9(5) of the CGST Act); and withholds TCS (section 52 of the CGST Act, registered hosts) ' +
    `and TDS (section 194-O of the Income-tax Act; none from an individual or HUF with a PAN while their stays through ${OPERATOR_NAME} come to ${smallSeller} or less in the financial year), ` +
    'which appear in your tax records under your PAN. A refund appears in the month it was made; when it came after the payout, your share of it taken back from your payout account is listed with the payouts, as a negative amount.'
  );
}

export function statementBlocks(s: Statement): PdfBlock[] {
  const host: [string, string][] = [
    ['Host', `${s.host.name} (${s.host.email})`],
    ['GSTIN', s.host.gstin ?? 'Not registered for GST'],
    ['Issued', formatDocumentDate(todayInIndia())],
  ];
  return [
    { kind: 'heading', text: `Statement for ${formatCalendarMonth(s.month)}` },
    { kind: 'pairs', rows: host },
    { kind: 'gap' },
    { kind: 'text', text: 'Stays', bold: true },
    s.stays.length === 0
      ? { kind: 'text', muted: true, text: 'No stay of yours moved money this month.' }
      : {
          kind: 'table',
          columns: [
            { label: 'Stay', width: 3.4 },
            { label: 'Gross', width: 1.3, align: 'right' },
            { label: 'Fee', width: 1.1, align: 'right' },
            { label: 'GST on fee', width: 1.1, align: 'right' },
            { label: `Stay GST (${OPERATOR_NAME})`, width: 1.3, align: 'right' },
            { label: 'TCS + TDS', width: 1.1, align: 'right' },
            { label: 'Net', width: 1.3, align: 'right' },
          ],
          rows: s.stays.map((r) => [
            `${r.listing_title}: ${r.guest_name}, ${formatDocumentDate(r.start_date)} to ${formatDocumentDate(r.end_date)}`,
            ...FIGURES.map((k) => formatPaise(r[k])),
          ]),
          footer: ['Total', ...FIGURES.map((k) => formatPaise(s.totals[k]))],
        },
    { kind: 'gap' },
    { kind: 'text', text: 'Payouts', bold: true },
    s.payouts.length === 0
      ? { kind: 'text', muted: true, text: 'No payout was made this month.' }
      : {
          kind: 'table',
          columns: [
            { label: 'Paid on', width: 1.4 },
            { label: 'Stay', width: 3.4 },
            { label: 'Reference', width: 2.2 },
            { label: 'Amount', width: 1.4, align: 'right' },
          ],
          rows: s.payouts.map((p) => [formatDocumentDate(todayInIndia(new Date(p.paid_at))), p.listing_title, p.reference, formatPaise(p.amount_paise)]),
          footer: ['Total', '', '', formatPaise(s.paid_out_paise)],
        },
    { kind: 'gap' },
    {
      kind: 'text',
      muted: true,
      text: statementNote(s.month),
    },
  ];
}

export const statementPdf = (s: Statement) =>
  renderPdf(`PawStay ${s.test_mode ? 'TEST ' : ''}statement ${formatCalendarMonth(s.month)}`, new Date(`${s.month}-01T00:00:00+05:30`), statementBlocks(s), s.test_mode ? TEST_MODE_MARK : undefined);
