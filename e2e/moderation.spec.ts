import type { Page } from '@playwright/test';
import { addDays, todayInIndia } from '../src/domain/dates';
import { INACTIVE_ACCOUNT, REPORT_MESSAGES } from '../src/domain/reports';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { createListing } from './listings';

// Reports and suspension (issue 23), as people do them: a guest reports a listing and a message
// from its host, an operator reads the reports on /ops and suspends the host's account; the
// guest's conversation then says the account is gone and takes no more messages, and the
// listing is out of search. Then the operator restores the account, and hides the listing, whose
// own history the account shows.

test.describe.configure({ timeout: 120_000 });

async function newPage(page: Page): Promise<Page> {
  const context = await page.context().browser()!.newContext({
    viewport: page.viewportSize()!,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`,
  });
  return context.newPage();
}

/**
 * The ids search finds in a small map area around where a listing is shown. Not the city's first
 * page: by the time this runs, other tests have listed enough homes in Ahmedabad to push a new one
 * off it.
 */
async function foundAround(page: Page, { lat, lng }: { lat: number; lng: number }): Promise<string[]> {
  const area = `north=${lat + 0.01}&south=${lat - 0.01}&east=${lng + 0.01}&west=${lng - 0.01}`;
  const answer = await (await page.request.get(`/api/search?${area}&pageSize=100`)).json();
  expect(answer.results).toHaveLength(answer.total);
  return answer.results.map((r: { id: string }) => r.id);
}

test('a guest reports a listing and a message; an operator suspends the host, then restores them', async ({ page: guest }, testInfo) => {
  // Both widths run at once against one server: each its own listing and message to find.
  const title = `Rooftop flat in Paldi for small dogs (${testInfo.project.name})`;
  const scam = `Pay me by UPI directly and skip the fee (${testInfo.project.name}).`;
  const hostEmail = uniqueEmail('mod-host');
  const host = await newPage(guest);
  await signInViaApi(host, hostEmail);
  await host.request.patch('/api/me', { data: { name: 'Vikram Rao' } });
  const listing = await createListing(host, title, { lat: 23.01, lng: 72.56 });
  // Where search shows it: near the home, never on it.
  const shown = await (await guest.request.get(`/api/listings/${listing.id}`)).json();

  await signInViaApi(guest, uniqueEmail('mod-guest'));
  const { id: petId } = await (await guest.request.post('/api/pets', { data: { name: 'Coco', type: 'dog', size: 's' } })).json();
  const from = addDays(todayInIndia(), 45);
  const booking = await (await guest.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [petId], fromDate: from, toDate: addDays(from, 2), note: '' } })).json();
  const { id: conversationId } = await (await guest.request.post('/api/conversations', { data: { bookingId: booking.id } })).json();
  await host.request.post(`/api/conversations/${conversationId}/messages`, { data: { body: scam } });

  // The listing: the report form asks for a reason first, then thanks.
  await guest.goto(`/listing/${listing.id}`);
  await guest.getByRole('button', { name: 'Report this listing' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
  await dialog.getByLabel('Something else').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(REPORT_MESSAGES.detailsNeeded);
  await dialog.getByLabel(/Tell us more/).fill('The photos show a different building.');
  await expectNoA11yViolations(guest);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(guest.getByText(REPORT_MESSAGES.thanks)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The message, from the conversation.
  await guest.goto(`/messages/${conversationId}`);
  await guest.getByRole('button', { name: 'Report this message from Vikram' }).click();
  const messageDialog = guest.getByRole('dialog', { name: 'Report this message' });
  await messageDialog.getByLabel('Scam or asks to pay outside PawStay').check();
  await messageDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(guest.getByText(REPORT_MESSAGES.thanks)).toBeVisible();

  // The operator reads both reports and, from the account, suspends the host.
  const ops = await newPage(guest);
  await signInViaApi(ops, process.env.E2E_OPERATOR_EMAIL!);
  await ops.goto('/ops');
  await ops.getByRole('tab', { name: 'Reports' }).click();
  const onListing = ops.getByTestId('reported-thing').filter({ hasText: title });
  await expect(onListing.getByRole('heading', { name: 'Listing reported once' })).toBeVisible();
  await expect(onListing.getByText('The photos show a different building.')).toBeVisible();
  await expect(ops.getByTestId('reported-thing').filter({ hasText: scam }).getByText('Scam or asks to pay outside PawStay')).toBeVisible();
  await expectNoA11yViolations(ops);
  await onListing.getByRole('link', { name: 'Vikram Rao' }).click();
  const account = ops.getByTestId('ops-account');
  await expect(account.getByRole('heading', { name: hostEmail })).toBeVisible();
  await expect(account.getByRole('cell', { name: /Rooftop flat in Paldi/ })).toBeVisible();
  await account.getByRole('button', { name: 'Suspend account…' }).click();
  await account.getByLabel(/Why the account is suspended/).fill('Asked a guest to pay outside PawStay.');
  await account.getByRole('button', { name: 'Suspend account', exact: true }).click();
  await expect(ops.getByText(`${hostEmail} is suspended`)).toBeVisible();
  await expect(account.getByText(/^Suspended/).first()).toBeVisible();
  await account.getByText('Account history').click();
  await expect(account.getByText(/Suspended the account by operator@e2e\.example\.com: Asked a guest to pay outside PawStay\./)).toBeVisible();
  // Both reports were about this account: upheld, they leave the queue.
  await ops.getByRole('tab', { name: 'Reports' }).click();
  await expect(ops.getByTestId('reported-thing').filter({ hasText: title })).toHaveCount(0);

  // The host is signed out; the guest's conversation is closed, their request declined.
  await host.goto('/host');
  await expect(host.getByRole('button', { name: 'Sign In' }).first()).toBeVisible({ timeout: 20_000 });
  await guest.goto(`/messages/${conversationId}`);
  await expect(guest.getByText(INACTIVE_ACCOUNT)).toBeVisible();
  await expect(guest.getByLabel('Message Vikram')).toHaveCount(0);
  expect(await foundAround(guest, shown)).not.toContain(listing.id);

  // Restored, the host's listing is back in search.
  await ops.getByRole('tab', { name: 'Accounts' }).click();
  await ops.getByLabel('E-mail address, or its start').fill(hostEmail);
  await ops.getByRole('button', { name: 'Find' }).click();
  await ops.getByRole('button', { name: new RegExp(hostEmail) }).click();
  await account.getByRole('button', { name: 'Restore account…' }).click();
  await account.getByLabel(/Why the account is restored/).fill('Spoke to the host; a misunderstanding.');
  await account.getByRole('button', { name: 'Restore account', exact: true }).click();
  await expect(ops.getByText(`${hostEmail} is restored`)).toBeVisible();
  expect(await foundAround(guest, shown)).toContain(listing.id);

  // The listing hidden from its row: what was done to it stays on that row, in its own history.
  const row = account.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: /^Hide listing/ }).click();
  await row.getByLabel('Why it is hidden (kept in the record)').fill('The photos are of another building.');
  await row.getByRole('button', { name: 'Hide listing', exact: true }).click();
  await expect(ops.getByText('The listing is hidden')).toBeVisible();
  await expect(row.getByText(/Hidden by PawStay/)).toBeVisible();
  await row.getByText('Listing history').click();
  await expect(row.getByText(/Hid the listing by operator@e2e\.example\.com: The photos are of another building\./)).toBeVisible();
  await expectNoA11yViolations(ops);
  await ops.context().close();
  await host.context().close();
});
