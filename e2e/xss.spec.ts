import { addDays, todayInIndia } from '../src/domain/dates';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, ONCE_THE_APP_RUNS, test } from './fixtures';

// Issue 8, browser side: text that users type (a listing title and description, a pet's name, a
// message) is shown as text wherever it appears, never run as markup or script.

test.describe.configure({ timeout: 90_000 });

const TITLE = `<img src=x onerror="window.__xss='title'">Cozy <script>window.__xss='script'</script> flat`;
const DESCRIPTION = `<iframe src="javascript:window.__xss='iframe'"></iframe> A calm home with water bowls, a fenced yard and a quiet lane.`;
const PET = `<svg onload="window.__xss='pet'">Bruno`;
const MESSAGE = `Hi! <a href="javascript:window.__xss='link'">click</a> <b>bold</b>`;
const HOST_NAME = `<b onmouseover="window.__xss='name'">Host</b>`;

test('hostile text is shown as text on the listing page, in search, on the dashboard and in messages', async ({ page, browser }) => {
  // A dialog (alert) or a global set by an injected handler would mean script ran.
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await signInViaApi(page, uniqueEmail('xss-guest'));
  const hostContext = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const host = await hostContext.newPage();
  await signInViaApi(host, uniqueEmail('xss-host'));
  expect((await host.request.patch('/api/me', { data: { name: HOST_NAME } })).status()).toBe(200);
  const created = await host.request.post('/api/listings', {
    data: {
      title: TITLE,
      description: DESCRIPTION,
      address: '1 Test Lane, Ahmedabad',
      locality: 'Navrangpura',
      city: 'Ahmedabad',
      state: 'Gujarat',
      nightly_price_inr: 999,
      deposit_inr: 0,
      lat: 23.0225,
      lng: 72.5714,
      size_supported: ['small', 'medium', 'large'],
      max_pets: 2,
      amenities: ['<i>WiFi</i>'],
    },
  });
  expect(created.status()).toBe(201);
  const listing = await created.json();

  const pet = await (await page.request.post('/api/pets', { data: { name: PET, type: 'dog', size: 'm' } })).json();
  const from = addDays(todayInIndia(), 50);
  const booking = await (await page.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [pet.id], fromDate: from, toDate: addDays(from, 2), note: '<script>x</script>' } })).json();
  const conversation = await (await page.request.post('/api/conversations', { data: { bookingId: booking.id } })).json();
  await page.request.post(`/api/conversations/${conversation.id}/messages`, { data: { body: MESSAGE } });

  const noScriptRan = async () => {
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // No element built from the text: the markup stays characters.
    expect(await page.locator('main iframe, main [onload], main [onerror], main [onmouseover], main a[href^="javascript:"]').count()).toBe(0);
  };

  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE, { timeout: 20_000 });
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await noScriptRan();

  await page.goto('/search?city=Ahmedabad&minPrice=900&maxPrice=1000');
  const card = page.locator(`[data-testid="listing-card"][data-listing-id="${listing.id}"]`);
  await expect(card.getByRole('heading')).toHaveText(TITLE, { timeout: 20_000 });
  await card.getByRole('button', { name: /^Show details for/ }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(TITLE, ONCE_THE_APP_RUNS);
  await noScriptRan();
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  await expect(page.getByText(PET).first()).toBeVisible({ timeout: 20_000 });
  await noScriptRan();

  await page.goto(`/messages/${conversation.id}`);
  await expect(page.getByTestId('message').filter({ hasText: MESSAGE })).toBeVisible({ timeout: 20_000 });
  // The host's name, as the guest's side of the conversation shows it.
  await expect(page.getByText(HOST_NAME).first()).toBeVisible();
  await noScriptRan();

  await hostContext.close();
});

test('the Content-Security-Policy refuses inline script, and cookies are HttpOnly and SameSite', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const response = await page.goto('/');
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(response!.headers()['x-content-type-options']).toBe('nosniff');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response!.headers()['referrer-policy']).toBeTruthy();

  // An inline script added to the page is blocked by the browser.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = "window.__inline = 'ran'";
    document.body.appendChild(s);
  });
  expect(await page.evaluate(() => (window as unknown as { __inline?: string }).__inline)).toBeUndefined();
  await expect.poll(() => violations.length).toBeGreaterThan(0);

  await signInViaApi(page, uniqueEmail('cookie-check'));
  const session = (await page.context().cookies()).find((c) => c.name === 'pawstay_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
});
