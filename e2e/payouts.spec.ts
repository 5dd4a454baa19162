import { readFile } from 'node:fs/promises';
import { addDays, formatCalendarMonth, formatDateRange, todayInIndia } from '../src/domain/dates';
import { formatInr } from '../src/domain/money/units';
import { inForce, percentText, rateOn, TAX_RATES, TDS_194O_EXEMPT_UP_TO } from '../src/domain/money/tax-rates';
import { pdfText } from '../src/server/test/pdf-text';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { createListing } from './listings';
import { payViaApi } from './payments';

// Money, part 2 (issue 22) at phone and desktop widths: a host with a paid stay and no payout
// account is prompted, adds one (a name the payment partner would refuse, a wrong UPI ID and mobile
// number refused before saving), sees the upcoming payout, and
// states their tax details; a guest downloads the stay's GST invoice, and the host the month's
// statement. The tests' server runs in test mode, so these are test documents, named and marked so
// (decision 040).

test('a host with a paid stay adds a payout account and sees the upcoming payout', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInViaApi(page, uniqueEmail('payout-host'));
  const listing = await createListing(page, 'Courtyard flat in Thaltej with a lawn');
  const guest = await browser.newPage();
  await signInViaApi(guest, uniqueEmail('payout-guest'));
  expect((await guest.request.patch('/api/me', { data: { name: 'Nisha Mehta', phone: '' } })).ok()).toBeTruthy();
  const pet = await (await guest.request.post('/api/pets', { data: { name: 'Coco', type: 'dog', size: 's' } })).json();
  const from = addDays(todayInIndia(), 6);
  const booking = await (await guest.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [pet.id], fromDate: from, toDate: addDays(from, 3), note: '' } })).json();
  expect((await page.request.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
  await payViaApi(guest, booking.id);
  await guest.close();

  await page.goto('/host');
  const banner = page.getByTestId('payout-account-banner');
  await expect(banner).toContainText('Add a payout account');
  await banner.getByRole('link', { name: 'Add account' }).click();
  await expect(page.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');

  // 3 nights at ₹1,500: ₹4,500 less the 5% fee (₹225), 18% GST on it (₹40.50) and 5% TDS without a PAN (₹225).
  const upcoming = page.getByTestId('upcoming-payouts');
  await expect(upcoming).toContainText('Courtyard flat in Thaltej with a lawn');
  await expect(upcoming).toContainText(`Nisha Mehta · ${formatDateRange(from, addDays(from, 3))}`);
  await expect(upcoming).toContainText('₹4,009.50');
  await expect(upcoming).toContainText(/Pays out on \d+ \w{3}, 2:00 pm/);
  await expect(page.getByTestId('payout-account-prompt')).toBeVisible();
  await expectNoA11yViolations(page);

  const account = page.getByRole('region', { name: 'Payout account' });
  // What the payment partner would refuse is refused before saving, in its words (a name under 4
  // characters, as Route asks), with what else is wrong.
  await account.getByLabel('Name on the account').fill('Ash');
  await account.getByLabel('Mobile number').fill('98765 4321');
  await account.getByRole('textbox', { name: 'UPI ID' }).fill('asha patel@okaxis');
  await account.getByRole('button', { name: 'Save payout account' }).click();
  await expect(account.getByText('The name on the account must be at least 4 characters.')).toBeVisible();
  await expect(account.getByText('Enter a valid UPI ID, like name@okhdfcbank')).toBeVisible();
  await expect(account.getByText('Enter a valid Indian mobile number')).toBeVisible();
  await expect(account.getByRole('button', { name: 'Change' })).toHaveCount(0);

  await account.getByLabel('Name on the account').fill('Asha Patel');
  await account.getByLabel('Mobile number').fill('98765 43210');
  await account.getByRole('textbox', { name: 'UPI ID' }).fill('asha.patel@okaxis');
  await account.getByRole('button', { name: 'Save payout account' }).click();
  await expect(page.getByText('Payout account saved: UPI ID ending axis')).toBeVisible();
  await expect(account).toContainText("Paid to Asha Patel's UPI ID ending axis");
  await expect(account).toContainText('Ready for payouts');

  const tax = page.getByRole('region', { name: 'Tax details' });
  // The rates it names are the rates module's, in force today.
  const today = todayInIndia();
  await expect(tax).toContainText(
    `Indian law asks us to withhold ${percentText(rateOn(TAX_RATES.tdsSection194O, today))} TDS (${percentText(rateOn(TAX_RATES.tdsSection194ONoPan, today))} without a PAN; ` +
      `none from an individual or HUF with a PAN while their stays come to ${formatInr(inForce(TDS_194O_EXEMPT_UP_TO, today).grossInr)} or less in the financial year), ` +
      `and ${percentText(rateOn(TAX_RATES.tcsSection52, today))} TCS from GST-registered hosts.`,
  );
  await tax.getByLabel('PAN').fill('ABCXK1234Q');
  await tax.getByRole('button', { name: 'Save tax details' }).click();
  await expect(tax.getByText('Enter a valid PAN, like ABCPK1234Q')).toBeVisible();
  await tax.getByLabel('PAN').fill('abcpk1234q');
  await tax.getByRole('button', { name: 'Save tax details' }).click();
  await expect(page.getByText('Tax details saved. They apply to stays paid from now on.')).toBeVisible();
  await expect(tax).toContainText('On file: PAN ABCPK••••Q.');
});

test("the guest downloads the paid stay's GST invoice; the host sees the month's revenue and downloads its statement", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInViaApi(page, uniqueEmail('statement-host'));
  const listing = await createListing(page, 'Terrace room in Navrangpura');
  const guest = await browser.newPage();
  const guestEmail = uniqueEmail('invoice-guest');
  await signInViaApi(guest, guestEmail);
  const pet = await (await guest.request.post('/api/pets', { data: { name: 'Mango', type: 'dog', size: 's' } })).json();
  const from = addDays(todayInIndia(), 8);
  const booking = await (await guest.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [pet.id], fromDate: from, toDate: addDays(from, 3), note: '' } })).json();
  expect((await page.request.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
  await payViaApi(guest, booking.id);

  // 3 nights at ₹1,500: ₹4,500 and 5% GST, ₹4,725 paid.
  await guest.goto('/dashboard');
  const card = guest.getByTestId('booking-card').filter({ hasText: 'Terrace room in Navrangpura' });
  const invoiceLink = card.getByRole('link', { name: /^Test invoice TEST-PS\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ });
  const [invoice] = await Promise.all([guest.waitForEvent('download'), invoiceLink.click()]);
  expect(invoice.suggestedFilename()).toMatch(/^PawStay-invoice-TEST-PS-\d{2}-\d{2}-\d{6}\.pdf$/);
  const invoiceText = (await pdfText(await readFile((await invoice.path())!))).join(' ').replace(/\s+/g, ' ');
  for (const expected of ['TEST — not a tax invoice', 'Test invoice', guestEmail.split('@')[0]!, 'Terrace room in Navrangpura', 'CGST @ 2.5%', 'SGST @ 2.5%', 'Rs. 4,725']) expect(invoiceText).toContain(expected);
  expect(invoiceText).not.toContain(guestEmail);
  await guest.close();

  // The host's share: ₹4,500 less the fee (₹225), its GST (₹40.50) and 5% TDS without a PAN (₹225).
  await page.goto('/host?tab=payouts');
  await expect(page.getByTestId('stat-revenue')).toContainText('₹4,009.50');
  const month = todayInIndia().slice(0, 7);
  const statements = page.getByTestId('statements');
  await expect(statements).toContainText(`${formatCalendarMonth(month)}1 stay · net ₹4,009.50`);
  await expectNoA11yViolations(page);
  const [pdf] = await Promise.all([page.waitForEvent('download'), statements.getByRole('link', { name: `PDF statement for ${formatCalendarMonth(month)}` }).click()]);
  expect(pdf.suggestedFilename()).toBe(`PawStay-TEST-statement-${month}.pdf`);
  const statementText = (await pdfText(await readFile((await pdf.path())!))).join(' ').replace(/\s+/g, ' ');
  for (const expected of ['TEST — not a tax invoice', `Statement for ${formatCalendarMonth(month)}`, 'Terrace room in Navrangpura', 'Rs. 4,725', 'Rs. 4,009.50']) expect(statementText).toContain(expected);
  const [csv] = await Promise.all([page.waitForEvent('download'), statements.getByRole('link', { name: `CSV statement for ${formatCalendarMonth(month)}` }).click()]);
  const rows = (await readFile((await csv.path())!, 'utf8')).trim().split('\r\n');
  expect(rows[0]).toContain('TEST — not a tax invoice');
  expect(rows[2]).toContain(`${booking.id},Terrace room in Navrangpura,`);
  expect(rows[2]).toContain(',4725.00,225.00,40.50,225.00,225.00,4009.50,');
});

test("an operator finds the payouts the payment partner refused, and what hosts owe back, on the console's Payouts tab", async ({ page }) => {
  await signInViaApi(page, process.env.E2E_OPERATOR_EMAIL!);
  await page.goto('/ops');
  await page.getByRole('tab', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/[?&]tab=payouts/);
  const queue = page.getByRole('region', { name: /^Payouts to look at/ });
  await expect(queue).toContainText('Our payment partner refused to send these.');
  // In test mode nothing is refused unless the balance runs out: the queue is empty, and says what comes here.
  await expect(queue.getByText('No payout is waiting. One our payment partner refuses appears here.')).toBeVisible();
  // Beneath it, what hosts owe back of payouts already paid (decision 055): in test mode the
  // gateway always gives a host's share back, so none is owed.
  const owed = page.getByRole('region', { name: /^Owed back by hosts/ });
  await expect(owed).toContainText("A host's share of a refund decided after their payout was paid");
  await expect(owed.getByText('No host owes anything back.', { exact: false })).toBeVisible();
  await expectNoA11yViolations(page);
});
