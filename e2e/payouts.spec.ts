import { addDays, formatDateRange, todayInIndia } from '../src/domain/dates';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { createListing } from './listings';
import { payViaApi } from './payments';

// Money, part 2 (issue 22) at phone and desktop widths: a host with a paid stay and no payout
// account is prompted, adds one (a wrong UPI ID refused first), sees the upcoming payout, and
// states their tax details.

test('a host with a paid stay adds a payout account and sees the upcoming payout', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInViaApi(page, uniqueEmail('payout-host'));
  const listing = await createListing(page, 'Courtyard flat in Thaltej with a lawn');
  const guest = await browser.newPage();
  await signInViaApi(guest, uniqueEmail('payout-guest'));
  expect((await guest.request.patch('/api/me', { data: { name: 'Nisha Mehta', phone: '' } })).ok()).toBeTruthy();
  const pet = await (await guest.request.post('/api/pets', { data: { name: 'Coco', type: 'dog', size: 's' } })).json();
  const from = addDays(todayInIndia(), 6);
  const booking = await (await guest.request.post('/api/bookings', { data: { listingId: listing.id, petId: pet.id, fromDate: from, toDate: addDays(from, 3), note: '' } })).json();
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
  await account.getByLabel('Name on the account').fill('Asha Patel');
  await account.getByRole('textbox', { name: 'UPI ID' }).fill('asha patel@okaxis');
  await account.getByRole('button', { name: 'Save payout account' }).click();
  await expect(account.getByText('Enter a valid UPI ID, like name@okhdfcbank')).toBeVisible();
  await account.getByRole('textbox', { name: 'UPI ID' }).fill('asha.patel@okaxis');
  await account.getByRole('button', { name: 'Save payout account' }).click();
  await expect(page.getByText('Payout account saved: UPI ID ending axis')).toBeVisible();
  await expect(account).toContainText("Paid to Asha Patel's UPI ID ending axis");

  const tax = page.getByRole('region', { name: 'Tax details' });
  await tax.getByLabel('PAN').fill('ABCXK1234Q');
  await tax.getByRole('button', { name: 'Save tax details' }).click();
  await expect(tax.getByText('Enter a valid PAN, like ABCPK1234Q')).toBeVisible();
  await tax.getByLabel('PAN').fill('abcpk1234q');
  await tax.getByRole('button', { name: 'Save tax details' }).click();
  await expect(page.getByText('Tax details saved. They apply to stays paid from now on.')).toBeVisible();
  await expect(tax).toContainText('On file: PAN ABCPK••••Q.');
});
