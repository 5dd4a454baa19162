import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, ONCE_THE_APP_RUNS, test } from './fixtures';
import { createListing } from './listings';

// Trust and safety (issue 23) at phone and desktop widths: a host earns the Verified badge in three
// steps on /host (a refused file and a missing tick on the way), an operator approves or rejects
// the request on /ops, and the badge shows on the listing at once, or the host reads the reason
// and starts again. Anyone else finds no console at /ops.

const png = () => sharp({ create: { width: 400, height: 250, channels: 3, background: '#dbe4f0' } }).png().toBuffer();

/** A signed-in host with a listing that has a photo. */
async function hostWithPhoto(page: Page, name: string) {
  const email = uniqueEmail('verify-host');
  await signInViaApi(page, email);
  expect((await page.request.patch('/api/me', { data: { name } })).ok()).toBeTruthy();
  const listing = await createListing(page, `${name}'s flat with a balcony garden`);
  const upload = await page.request.post(`/api/listings/${listing.id}/photos`, {
    multipart: { photos: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c98b5a' } }).jpeg().toBuffer() } },
  });
  expect(upload.status()).toBe(201);
  return { email, listing };
}

/**
 * The three steps through the card, as a host does them. One host per call slot is the rule, so
 * each test and width takes a slot of its own (`slot`, counted from the first on offer).
 */
async function sendForReview(page: Page, slotNumber: number) {
  await page.goto('/host');
  const card = page.getByTestId('verification-card');
  await expect(card.getByRole('heading', { name: 'Get verified' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send for review' })).toBeDisabled();

  const id = card.getByTestId('verification-step-1');
  // Chosen at first sight, maybe before the app has run: the page's server-rendered select keeps
  // the choice, and the app, once it runs, shows the help for it.
  await id.getByLabel('Kind of ID').selectOption('Masked Aadhaar');
  await expect(id.getByText('only the last 4 digits of the number show')).toBeVisible(ONCE_THE_APP_RUNS);
  // A file that only calls itself a photo is refused by its content.
  await id.getByLabel(/Photo or scan/).setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
  await id.getByRole('button', { name: 'Upload ID' }).click();
  await expect(id.getByRole('alert')).toHaveText('This file is not a JPEG, PNG or PDF. Send a photo or scan of your ID in one of those.');
  await id.getByLabel(/Photo or scan/).setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: await png() });
  await id.getByRole('button', { name: 'Upload ID' }).click();
  await expect(id.getByText(/^Masked Aadhaar sent on \d+ \w{3} \d{4}$/)).toBeVisible();

  const photos = card.getByTestId('verification-step-2');
  await expect(photos.getByText('Your listings have 1 photo.', { exact: false })).toBeVisible();
  await photos.getByRole('button', { name: 'Confirm photos' }).click();
  await expect(photos.getByRole('alert')).toHaveText('Confirm that the photos are of your own home');
  await photos.getByLabel('These photos are of my own home, as it is today').check();
  await photos.getByRole('button', { name: 'Confirm photos' }).click();
  await expect(photos.getByText('Confirmed as photos of your own home')).toBeVisible();

  const call = card.getByTestId('verification-step-3');
  const slot = call.getByLabel('Call time (India time, 30 minutes)');
  // Slots held by requests under review are not offered, so the list shifts by as many as are
  // under review at once (at most the 3 other runs): 5 apart, no two runs meet.
  const own = (slotNumber * 2 + (test.info().project.name === 'desktop' ? 1 : 0)) * 5;
  const value = await slot.locator('option:not([disabled])').nth(own).getAttribute('value');
  await slot.selectOption(value!);
  await call.getByRole('button', { name: 'Choose this time' }).click();
  await expect(call.getByText(/\(India time\)$/)).toBeVisible();
  await expectNoA11yViolations(page);

  await card.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Sent for review: we will e-mail you')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Under review' })).toBeVisible();
}

async function signInOperator(page: Page) {
  await signInViaApi(page, process.env.E2E_OPERATOR_EMAIL!);
  await page.goto('/ops?tab=verifications');
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
}

test('a host earns the Verified badge: three steps, then an operator approves', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { email, listing } = await hostWithPhoto(page, 'Farah Qureshi');
  await sendForReview(page, 0);

  const ops = await browser.newPage({ viewport: page.viewportSize()! });
  await signInOperator(ops);
  const item = ops.getByTestId('queued-verification').filter({ hasText: email });
  await expect(item.getByRole('heading', { name: 'Farah Qureshi' })).toBeVisible();
  await expect(item.getByText('Masked Aadhaar')).toBeVisible();
  await expect(item.getByRole('img', { name: /Farah Qureshi's flat|Photo of/ }).first()).toBeVisible();
  await expectNoA11yViolations(ops);
  // The ID opens for an operator (a tab of its own) and the opening is recorded.
  const [idTab] = await Promise.all([ops.waitForEvent('popup'), item.getByRole('link', { name: /Open the ID/ }).click()]);
  await idTab.close();
  await item.getByText('History').click();
  await expect(item.getByText(/Opened the ID document by operator@e2e\.example\.com/)).toBeVisible();
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(ops.getByText('Farah Qureshi is verified')).toBeVisible();
  await expect(item).toHaveCount(0);
  await ops.close();

  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  // In search too, at once: the map area around the home, verified hosts only.
  const { lat, lng } = await (await page.request.get(`/api/listings/${listing.id}`)).json();
  await page.goto(`/search?north=${lat + 0.01}&south=${lat - 0.01}&east=${lng + 0.01}&west=${lng - 0.01}&verified=true`);
  await expect(page.getByTestId('listing-card').filter({ has: page.locator(`a[href="/listing/${listing.id}"]`) }).getByText('Verified')).toBeVisible();
  await page.goto('/host');
  await expect(page.getByTestId('verification-verified')).toContainText('You are verified.');
});

test('a rejected host reads the reason and starts again; nobody else finds the console', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { email } = await hostWithPhoto(page, 'Kabir Sethi');
  await sendForReview(page, 1);
  // The host is not an operator: /ops is not there for them.
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();

  const ops = await browser.newPage({ viewport: page.viewportSize()! });
  await signInOperator(ops);
  const item = ops.getByTestId('queued-verification').filter({ hasText: email });
  await item.getByRole('button', { name: 'Reject…' }).click();
  await item.getByLabel('Reason, e-mailed to the host').fill('Too short');
  await item.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(item.getByRole('alert')).toHaveText('Tell the host why, in a sentence or two (at least 10 characters)');
  await item.getByLabel('Reason, e-mailed to the host').fill('The photo of your ID is too blurred to read. Please send a sharper one.');
  await item.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(ops.getByText("Kabir Sethi's request was rejected")).toBeVisible();
  // Gone from the queue, the decision stays on the host's account, with its reason and record.
  await ops.getByRole('tab', { name: 'Accounts' }).click();
  await ops.getByLabel('E-mail address, or its start').fill(email);
  await ops.getByRole('button', { name: 'Find' }).click();
  await ops.getByRole('button', { name: new RegExp(email) }).click();
  const decided = ops.getByTestId('ops-account').getByRole('listitem').filter({ hasText: /^Rejected/ });
  await expect(decided.getByText('Reason: The photo of your ID is too blurred to read. Please send a sharper one.')).toBeVisible();
  await decided.getByText('Request history').click();
  await expect(decided.getByText(/Rejected the verification by operator@e2e\.example\.com: The photo of your ID is too blurred/)).toBeVisible();
  await ops.close();

  await page.goto('/host');
  const rejected = page.getByTestId('verification-rejected');
  await expect(rejected).toContainText('We could not approve your last request.');
  await expect(rejected).toContainText('The photo of your ID is too blurred to read. Please send a sharper one.');
  const card = page.getByTestId('verification-card');
  await expect(card.getByTestId('verification-step-1').getByRole('button', { name: 'Upload ID' })).toBeVisible();
  await expectNoA11yViolations(page);
});
