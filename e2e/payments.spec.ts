import type { Page } from '@playwright/test';
import { addDays, formatDateRange, formatInstantInIndia, todayInIndia } from '../src/domain/dates';
import { addressShownFrom } from '../src/domain/location';
import { signedInContext, signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, ONCE_THE_APP_RUNS, test } from './fixtures';
import { createListing } from './listings';
import { payViaApi } from './payments';
import { pickDates } from './stay-dates';
import { welcomePet } from './welcome-pet';

// Money, part 1 (issue 21) at phone and desktop widths, with the built-in test provider: a guest
// asks for a stay on the listing page, its host accepts it, the guest pays (a failed payment
// first, then a good one), cancels it and sees what the policy gives back; a host cancels a paid
// stay and the guest is refunded in full.

type Stay = { id: string; from: string; to: string };

/** A host's listing under `policy`, and `guest`'s request for it `inDays` ahead, accepted by the host. */
async function acceptedStay(host: Page, guest: Page, opts: { title: string; policy: string; inDays: number; guestName: string }): Promise<Stay> {
  await signInViaApi(host, uniqueEmail('pay-host'));
  const listing = await createListing(host, opts.title, { cancellation_policy: opts.policy });
  await signInViaApi(guest, uniqueEmail('pay-guest'));
  expect((await guest.request.patch('/api/me', { data: { name: opts.guestName, phone: '' } })).ok()).toBeTruthy();
  const pet = await (await guest.request.post('/api/pets', { data: { name: 'Bruno', type: 'dog', size: 's' } })).json();
  const from = addDays(todayInIndia(), opts.inDays);
  const to = addDays(from, 3);
  const booked = await guest.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [pet.id], fromDate: from, toDate: to, note: '' } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id } = await booked.json();
  expect((await host.request.post(`/api/bookings/${id}/accept`)).status()).toBe(200);
  return { id, from, to };
}

test('a guest asks for a stay on its page, the host accepts, the guest pays after a failed try, then cancels under a strict policy', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const title = 'Sunlit flat in Satellite with a balcony';
  const { context: hostContext, page: host } = await signedInContext(browser, context, 'Farida Khan', uniqueEmail('pay-host'));
  const listing = await createListing(host, title, { cancellation_policy: 'strict' });
  await signInViaApi(page, uniqueEmail('pay-guest'));
  expect((await page.request.patch('/api/me', { data: { name: 'Meera Iyer', phone: '' } })).ok()).toBeTruthy();
  expect((await page.request.post('/api/pets', { data: welcomePet({ size_supported: ['small'], pet_types: ['dog'] }, 'Bruno') })).status()).toBe(201);

  // The guest asks on the listing page, as SPEC.md's booking card has it: dates, pet, Request to Book.
  const stay = { from: addDays(todayInIndia(), 12), to: addDays(todayInIndia(), 15) };
  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByRole('group', { name: "Who's coming" }).getByRole('checkbox', { name: /^Bruno/ })).toBeChecked(ONCE_THE_APP_RUNS);
  await pickDates(page, stay.from, stay.to);
  // 3 nights at ₹1,500 and 5% GST: ₹4,725, paid only once the host accepts (PRODUCT.md section 7).
  await expect(page.getByTestId('price-breakdown')).toContainText('Total₹4,725');
  await expect(page.getByText("You won't pay anything yet. The host answers within 24 hours.")).toBeVisible();
  await page.getByRole('button', { name: 'Request to Book' }).click();
  await expect(page.getByText('Booking request sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByTestId('booking-card').filter({ hasText: 'Sunlit flat in Satellite' });
  await expect(card).toContainText('Pending');
  await expect(card.getByRole('button', { name: /^Pay/ })).toHaveCount(0);

  // The host accepts on the Booking Requests tab.
  await host.goto('/host?tab=requests');
  const request = host.getByTestId('booking-request').filter({ hasText: 'Meera Iyer' });
  await expect(request).toContainText(formatDateRange(stay.from, stay.to), ONCE_THE_APP_RUNS);
  await request.getByRole('button', { name: "Accept Meera Iyer's request" }).click();
  await expect(host.getByText('Request accepted. Meera Iyer has been told.')).toBeVisible();
  await expect(request).toContainText(/Awaiting payment: pay by \d+ \w{3}, \d+:\d\d (am|pm)\. The dates are held for Meera Iyer until then\./);

  // The guest comes back to the dashboard: the stay waits for payment.
  await page.reload();
  await expect(card).toContainText('Awaiting payment');
  await expect(card.getByTestId('payment-due')).toContainText(/^Awaiting payment: pay by \d+ \w{3}, \d+:\d\d (am|pm)$/);
  await expect(card).toContainText('50% refund until');
  // The home's address stays private until the stay is paid (issue 23).
  await expect(card).toContainText('Paldi, Ahmedabad, Gujarat');
  await expect(card.getByTestId('stay-address')).toHaveCount(0);

  await card.getByRole('button', { name: /^Pay ₹4,725/ }).click();
  const checkout = page.getByRole('dialog', { name: 'Pay ₹4,725' });
  await expect(checkout).toContainText('Test mode');
  await expectNoA11yViolations(page);
  await checkout.getByRole('radio', { name: 'Card' }).check();
  await checkout.getByRole('radio', { name: 'Payment fails' }).check();
  await checkout.getByRole('button', { name: 'Pay ₹4,725' }).click();
  await expect(checkout.getByRole('alert')).toHaveText('Payment failed: the bank declined it (test mode)');
  await checkout.getByRole('radio', { name: 'Payment succeeds' }).check();
  await checkout.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Payment received. Your stay is confirmed.')).toBeVisible();
  await expect(checkout).toBeHidden();
  await expect(card).toContainText('Confirmed');
  await expect(card.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expect(card.getByTestId('stay-address')).toHaveText('4 Shanti Kunj, Paldi, Ahmedabad');
  // The host's list says so too.
  await host.reload();
  await expect(request).toContainText('Confirmed');
  await hostContext.close();

  // Cancelling shows what comes back before the guest decides: 50% of the stay and of its GST.
  await card.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(formatDateRange(stay.from, stay.to));
  await expect(dialog).toContainText('Under the Strict policy, you get back ₹2,362.50 of the ₹4,725 you paid.');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();
  await expect(card).toContainText('Cancelled');
  await expect(card.getByTestId('refund-state')).toHaveText(/^(Refund of ₹2,362.50 on its way|Refunded ₹2,362.50)$/);
  await expect(card.getByTestId('stay-address')).toHaveCount(0);
});

const POLICY_CASES = [
  { policy: 'flexible', inDays: 2, before: 'Under the Flexible policy, you get back ₹4,725 of the ₹4,725 you paid.', after: /^(Refund of ₹4,725 on its way|Refunded ₹4,725)$/ },
  { policy: 'moderate', inDays: 3, before: 'Under the Moderate policy, no refund is due: you paid ₹4,725 and get nothing back.', after: null },
] as const;

for (const c of POLICY_CASES) {
  test(`a guest cancels a paid stay under the ${c.policy} policy ${c.inDays} days ahead and sees the refund before and after`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    const host = await browser.newPage();
    const title = `${c.policy === 'flexible' ? 'Airy' : 'Shaded'} home in Vastrapur, ${c.policy}`;
    const stay = await acceptedStay(host, page, { title, policy: c.policy, inDays: c.inDays, guestName: 'Kavya Shah' });
    await payViaApi(page, stay.id);
    await page.goto('/dashboard');
    const card = page.getByTestId('booking-card').filter({ hasText: title });
    await expect(card).toContainText('Confirmed');
    await card.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(c.before);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(card).toContainText('Cancelled');
    if (c.after) await expect(card.getByTestId('refund-state')).toHaveText(c.after);
    else await expect(card.getByTestId('refund-state')).toHaveCount(0);
    await host.close();
  });
}

test('a paid guest free to cancel in full sees when the address will appear, not the address (issue 34)', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const host = await browser.newPage();
  const title = 'Breezy home in Vastrapur, far ahead';
  const stay = await acceptedStay(host, page, { title, policy: 'flexible', inDays: 20, guestName: 'Kavya Shah' });
  await payViaApi(page, stay.id);
  await page.goto('/dashboard');
  const card = page.getByTestId('booking-card').filter({ hasText: title });
  await expect(card).toContainText('Confirmed');
  const shownFrom = addressShownFrom({ start_date: stay.from, cancellation_policy: 'flexible' });
  await expect(card.getByTestId('address-from')).toHaveText(`The exact address appears here on ${formatInstantInIndia(shownFrom)}, as check-in nears.`);
  await expect(card.getByTestId('stay-address')).toHaveCount(0);
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/the exact address is shared once your stay is paid and check-in nears/)).toBeVisible();
  await expect(page.getByTestId('exact-address')).toHaveCount(0);
  await host.close();
});

test('a host cancels a paid stay, and the guest is refunded in full', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const guest = await browser.newPage();
  const stay = await acceptedStay(page, guest, { title: 'Garden cottage in Bopal', policy: 'moderate', inDays: 3, guestName: 'Arjun Rao' });
  await payViaApi(guest, stay.id);

  await page.goto('/host?tab=requests');
  const request = page.getByTestId('booking-request').filter({ hasText: 'Arjun Rao' });
  await expect(request).toContainText('Confirmed');
  await request.getByRole('button', { name: "Cancel Arjun Rao's stay" }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Arjun Rao has paid and gets a full refund.');
  await dialog.getByRole('button', { name: 'Cancel stay' }).click();
  await expect(page.getByText('Stay cancelled. Arjun Rao has been told and gets a full refund.')).toBeVisible();
  await expect(request).toContainText('Cancelled');
  await expect(request).toContainText('You cancelled this stay; the guest was refunded in full.');

  await guest.goto('/dashboard');
  const card = guest.getByTestId('booking-card');
  await expect(card).toContainText('Cancelled');
  await expect(card.getByTestId('refund-state')).toHaveText(/^(Refund of ₹4,725 on its way|Refunded ₹4,725)$/);
  await guest.close();
});
