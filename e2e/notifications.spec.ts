import type { Browser, BrowserContext, Page } from '@playwright/test';
import { addDays, formatDateRange, todayInIndia } from '../src/domain/dates';
import { signedInContext, signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { createListing } from './listings';
import { mailSubjects } from './mail';

// In-app notifications (issue 38): the header's bell counts a host's unread notices live, the
// list at /notifications leads to each one and reads it, "Mark all as read" clears them, and the
// channels chosen at /settings/notifications are kept and followed.

test.describe.configure({ timeout: 90_000 });

/** What a live change may take to reach another browser on a busy 2-core host. */
const LIVE = { timeout: 15_000 };

/** The header's bell, named "Notifications" and, with unread notices, ", N unread". */
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications(, \d+ unread)?$/ });

/** A signed-in host (on `page`) called Harsh, with a listing of their own. */
async function hostWithListing(page: Page, title: string): Promise<{ email: string; listingId: string }> {
  const email = uniqueEmail('notice-host');
  await signInViaApi(page, email);
  await page.request.patch('/api/me', { data: { name: 'Harsh' } });
  const { id } = await createListing(page, title, { lat: 23.03, lng: 72.56 });
  return { email, listingId: id };
}

/** A guest in a browser of their own, with a dog; they act through the API only. */
async function guestWithPet(browser: Browser, base: BrowserContext, name: string): Promise<{ context: BrowserContext; guest: Page; petId: string }> {
  const { context, page: guest } = await signedInContext(browser, base, name, uniqueEmail('notice-guest'));
  const pet = await guest.request.post('/api/pets', { data: { name: 'Bruno', type: 'dog', size: 'm' } });
  expect(pet.status()).toBe(201);
  return { context, guest, petId: (await pet.json()).id };
}

/** The guest asks for a stay of two nights, `daysAhead` from today. */
async function requestStay(guest: Page, listingId: string, petId: string, daysAhead: number): Promise<string> {
  const from = addDays(todayInIndia(), daysAhead);
  const res = await guest.request.post('/api/bookings', { data: { listingId, petIds: [petId], fromDate: from, toDate: addDays(from, 2), note: '' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

test('the bell counts a new request live; the notice leads to it and is read', async ({ page, browser, context }) => {
  const { listingId } = await hostWithListing(page, 'Garden flat in Navrangpura for dogs');
  const { context: guestContext, guest, petId } = await guestWithPet(browser, context, 'Gita');

  // (a) The host waits on their dashboard: nothing unread yet.
  await page.goto('/host');
  await expect(page.getByRole('heading', { name: 'Host Dashboard', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // A guest asks for a stay: the bell says so without a reload.
  await requestStay(guest, listingId, petId, 21);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', LIVE);
  await expect(page.getByTestId('notification-badge')).toHaveText('1');

  // (b) The bell opens the list, where the request is the newest notice, unread.
  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const notice = page.getByRole('link', { name: /New booking request from Gita/ });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Accept or decline within 24 hours.');
  await expect(notice).toHaveAccessibleName(/^Unread:/);
  await expect(notice.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  // Opening it leads to the requests and reads it: the bell is back to none.
  await notice.click();
  await expect(page).toHaveURL(/\/host\?tab=requests$/);
  // Shown though the host's requests were fetched (empty) just before the request came.
  await expect(page.getByTestId('booking-request').filter({ hasText: 'Gita' })).toBeVisible({ timeout: 20_000 });
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // Read for good, not only on this page.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: /New booking request from Gita/ })).not.toHaveAccessibleName(/Unread/);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await guestContext.close();
});

test('an empty list, then notices arriving live, all read at once; axe finds nothing', async ({ page, browser, context }) => {
  const { listingId } = await hostWithListing(page, 'Quiet terrace home in Paldi');
  const { context: guestContext, guest, petId } = await guestWithPet(browser, context, 'Meera');

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/settings/notifications');
  await expectNoA11yViolations(page);

  // Two requests: the list and the bell follow without a reload.
  await requestStay(guest, listingId, petId, 30);
  await requestStay(guest, listingId, petId, 40);
  const notices = page.getByRole('list', { name: 'Notifications' }).getByRole('link');
  await expect(notices).toHaveCount(2, LIVE);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', LIVE);
  await expect(page.getByTestId('unread-dot')).toHaveCount(2);
  // Newest first: the stay asked for last.
  const day = (n: number) => addDays(todayInIndia(), n);
  await expect(notices.first()).toContainText('New booking request from Meera');
  await expect(notices.first()).toContainText(formatDateRange(day(40), day(42)));
  await expect(notices.last()).toContainText(formatDateRange(day(30), day(32)));
  await expectNoA11yViolations(page);

  // (c) Mark all as read.
  const markAll = page.getByRole('button', { name: 'Mark all as read' });
  await markAll.click();
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await expect(markAll).toBeDisabled();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  for (const n of await notices.all()) await expect(n).not.toHaveAccessibleName(/Unread/);
  // Kept by the server.
  await page.reload();
  await expect(notices).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await guestContext.close();
});

test('channels chosen per topic are kept and followed: no request e-mail once e-mail is off', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const { email: hostEmail, listingId } = await hostWithListing(page, 'Sunny flat in Bodakdev');
  const { context: guestContext, guest, petId } = await guestWithPet(browser, context, 'Ravi');
  const requestMails = () => mailSubjects(hostEmail).filter((s) => s.includes('New booking request'));

  // By default a request e-mails the host.
  await requestStay(guest, listingId, petId, 25);
  await expect.poll(() => requestMails().length, { message: 'the request e-mail to the host', timeout: 15_000 }).toBe(1);

  // (d) E-mail off for booking requests, WhatsApp on for messages, quieter nights.
  await page.goto('/settings/notifications');
  await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible({ timeout: 20_000 });
  const box = (channel: string, topic: string) => page.getByRole('checkbox', { name: `${channel} for ${topic}`, exact: true });
  await expect(box('In the app', 'Booking requests')).toBeChecked();
  await expect(box('In the app', 'Booking requests')).toBeDisabled();
  await expect(box('E-mail', 'Booking requests')).toBeChecked();
  await expect(box('WhatsApp', 'Messages')).not.toBeChecked();
  await expect(page.getByText('Push, WhatsApp and SMS are on their way: what you choose here is saved and used as soon as each one can reach you.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Quiet hours' })).toBeChecked();
  await expect(page.getByLabel('From')).toHaveValue(String(22 * 60));
  await expect(page.getByLabel('Until')).toHaveValue(String(7 * 60));
  await expectNoA11yViolations(page);

  await box('E-mail', 'Booking requests').click();
  await box('WhatsApp', 'Messages').click();
  await page.getByLabel('From').selectOption({ label: '11:00 pm' });
  await page.getByLabel('Until').selectOption({ label: '6:30 am' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();

  // Quiet hours that start and end at once: the schema's own words, nothing saved.
  await page.getByLabel('Until').selectOption({ label: '11:00 pm' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Quiet hours must start and end at different times')).toBeVisible();
  await expect(page.getByLabel('Until')).toHaveAttribute('aria-invalid', 'true');

  // Kept after a reload.
  await page.reload();
  await expect(box('E-mail', 'Booking requests')).not.toBeChecked({ timeout: 20_000 });
  await expect(box('Push', 'Booking requests')).toBeChecked();
  await expect(box('WhatsApp', 'Messages')).toBeChecked();
  await expect(box('E-mail', 'Messages')).toBeChecked();
  await expect(page.getByLabel('From')).toHaveValue(String(23 * 60));
  await expect(page.getByLabel('Until')).toHaveValue(String(6 * 60 + 30));

  // A new request reaches the host in the app (the bell, live) and not by e-mail. Its e-mail would
  // have been queued before the cancellation's, which still goes (bookings keep e-mail): once that
  // one has arrived, the request's would have too.
  const bookingId = await requestStay(guest, listingId, petId, 45);
  // The first request's notice is still unread: this one makes two.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', LIVE);
  expect((await guest.request.post(`/api/bookings/${bookingId}/cancel`)).status()).toBe(200);
  await expect
    .poll(() => mailSubjects(hostEmail).filter((s) => s.includes('Cancelled:')).length, { message: "the cancellation's e-mail to the host", timeout: 15_000 })
    .toBe(1);
  expect(requestMails()).toHaveLength(1);
  await guestContext.close();
});

test('a refusal from the server is shown in its own words', async ({ page }) => {
  await signInViaApi(page, uniqueEmail('notice-settings'));
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible();
  // The server refuses what the page sends (as it would a channel it does not know).
  await page.route('**/api/notifications/settings', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, json: { error: { code: 'validation_error', message: 'Choose e-mail, push, WhatsApp or SMS' } } })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose e-mail, push, WhatsApp or SMS' })).toBeVisible();
  await expect(page.getByText('Notification settings saved')).toHaveCount(0);
});
