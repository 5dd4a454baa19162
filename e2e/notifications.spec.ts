import type { Browser, BrowserContext, Page } from '@playwright/test';
import { addDays, formatDateRange, todayInIndia } from '../src/domain/dates';
import { phoneText } from '../src/domain/stays/care-times';
import { signedInContext, signInViaApi, uniqueEmail } from './auth-helpers';
import { uniquePhone } from './phones';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { createListing } from './listings';
import { mailSubjects } from './mail';

// In-app notifications (issue 38): the header's bell counts a host's unread notices live, the
// list at /notifications leads to each one and reads it, "Mark all as read" clears them, and the
// channels chosen at /settings/notifications are kept and followed. A mobile number verified on
// the profile with a code by SMS opens WhatsApp and SMS, which the test server's test mode writes
// to /dev/outbox instead of sending.

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

/** Opens /dev/outbox for `to`: what the test modes "sent" there, newest first. */
async function openOutbox(outbox: Page, to: string): Promise<void> {
  await outbox.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
  await expect(outbox.getByRole('heading', { name: 'Outbox (test mode)', level: 1 })).toBeVisible();
}
/** The outbox's rows sent by `channel` with `template` ("code", "notice:requests"). */
const outboxRows = (outbox: Page, channel: 'E-mail' | 'SMS' | 'WhatsApp', template: string) =>
  outbox
    .getByRole('row')
    .filter({ has: outbox.getByRole('cell', { name: channel, exact: true }) })
    .filter({ has: outbox.getByRole('cell', { name: template, exact: true }) });

/** The code of the `nth` code SMS to `phone` (1 the first sent), read at /dev/outbox on `outbox`. */
async function readPhoneCode(outbox: Page, phone: string, nth = 1): Promise<string> {
  const codes = outboxRows(outbox, 'SMS', 'code');
  await expect(async () => {
    await openOutbox(outbox, phone);
    await expect(codes).toHaveCount(nth, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const text = await codes.first().getByRole('cell').nth(3).textContent();
  const code = text?.match(/^Your PawStay code is (\d{6})\. It verifies this number and expires in 10 minutes\. Do not share it\. - PawStay$/)?.[1];
  expect(code, `a code in "${text}"`).toBeDefined();
  return code!;
}

/** On the profile page, as its user: saves `phone` and verifies it with the code sent by SMS. */
async function verifyPhoneOnProfile(page: Page, phone: string): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Phone').fill(phoneText(phone));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Verify number' }).click();
  const codeField = page.getByLabel(`Enter the 6-digit code we sent to ${phoneText(phone)}`);
  await expect(codeField).toBeFocused();
  const outbox = await page.context().newPage();
  const code = await readPhoneCode(outbox, phone);
  await outbox.close();
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Mobile number verified')).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
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
  // No verified number yet: WhatsApp and SMS wait for one; push has its own control (a test of its own below).
  await expect(page.getByText('Verify your mobile number on your profile to get WhatsApp and SMS.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify your mobile number' })).toHaveAttribute('href', '/profile');
  await expect(page.getByText('Push on this device', { exact: true })).toBeVisible();
  await expect(page.getByText('On iPhone and iPad, push works once PawStay is added to the Home Screen (Share, then Add to Home Screen; iOS 16.4 or later).')).toBeVisible();
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

test.describe(() => {
  // The button waits for the service worker (blocked elsewhere: playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('push on this device: what Chromium without a push service shows', async ({ page, context }) => {
    // Playwright's Chromium (the headless shell) has the Push API, but its contexts are incognito
    // ones, where Chrome cannot subscribe: subscribe() fails with "AbortError: Registration failed -
    // permission denied" even with notifications allowed. A real push cannot be had offline here;
    // what the user sees of each state can.
    await signInViaApi(page, uniqueEmail('push-device'));
    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window)).toBe(true);
    const turnOn = page.getByRole('button', { name: 'Turn on push on this device' });
    await expect(turnOn).toBeVisible();
    await expect(page.getByText('On iPhone and iPad, push works once PawStay is added to the Home Screen', { exact: false })).toBeVisible();
    await expectNoA11yViolations(page);

    // Not allowed (the browser's default here, as grantPermissions([]) leaves it: the prompt is
    // dismissed): the page says what it takes, and asks the server for nothing.
    const pushRequests: string[] = [];
    page.on('request', (r) => void (r.url().includes('/api/push/') && pushRequests.push(`${r.method()} ${new URL(r.url()).pathname}`)));
    await turnOn.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Allow notifications when your browser asks, to get push on this device.' })).toBeVisible();
    expect(pushRequests).toEqual([]);
    await expect(turnOn).toBeEnabled();

    // Allowed: the browser asks the server for its key, then cannot subscribe; the page says so in
    // words, says nothing is on, and the button is there to try again.
    await context.grantPermissions(['notifications']);
    await turnOn.click();
    // The service worker may still be installing: the wait for it is part of what the button does.
    await expect(page.getByRole('alert').filter({ hasText: 'This browser could not set up push right now. Please try again later.' })).toBeVisible({ timeout: 15_000 });
    expect(pushRequests).toEqual(['GET /api/push/key']);
    await expect(page.getByText('Push is on for this device')).toHaveCount(0);
    await expect(turnOn).toBeEnabled();
  });
});

test('a mobile number is verified on the profile with the code sent by SMS; a wrong code is refused', async ({ page, context }) => {
  await signInViaApi(page, uniqueEmail('phone-verify'));
  const phone = uniquePhone();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible({ timeout: 20_000 });
  // No number yet: nothing to verify.
  await expect(page.getByRole('button', { name: 'Verify number' })).toHaveCount(0);

  await page.getByLabel('Phone').fill(phoneText(phone));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  // Saved, not verified: why to verify it, and what verifying agrees to.
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(/^Not verified/);
  await expect(page.getByText('Verify your number to get WhatsApp and SMS updates. We send a code by SMS.')).toBeVisible();
  const consent = page.getByText('By verifying, you agree to get PawStay updates on WhatsApp and SMS as you choose in Notification settings.');
  await expect(consent).toBeVisible();
  await expect(consent.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/settings/notifications');
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Verify number' }).click();
  await expect(page.getByText('Code sent by SMS')).toBeVisible();
  const codeField = page.getByLabel(`Enter the 6-digit code we sent to ${phoneText(phone)}`);
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('maxlength', '6');

  // The SMS, as the test mode wrote it.
  const outbox = await context.newPage();
  const first = await readPhoneCode(outbox, phone);

  // A wrong code: the server's words, on the field.
  await codeField.fill(first === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Invalid or expired code')).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription('Invalid or expired code');
  await expectNoA11yViolations(page);

  // A new code (the last one no longer counts), entered with Enter.
  await page.getByRole('button', { name: 'Send a new code' }).click();
  const second = await readPhoneCode(outbox, phone, 2);
  await codeField.fill(second);
  await codeField.press('Enter');
  await expect(page.getByText('Mobile number verified')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(/^Verified/);
  await expect(codeField).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verify number' })).toHaveCount(0);
  // Nothing else was saved: the profile form kept its number.
  await expect(page.getByLabel('Phone')).toHaveValue(phone);

  // Kept by the server.
  await page.reload();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Verify number' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // A new number is a number to verify again.
  await page.getByLabel('Phone').fill(phoneText(uniquePhone()));
  await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(/^Not verified/);
  await expect(page.getByRole('button', { name: 'Verify number' })).toBeVisible();
});

test('a user turns WhatsApp on for requests and off for messages, and the outbox shows exactly that', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const { listingId } = await hostWithListing(page, 'Courtyard home in Satellite for dogs');
  const phone = uniquePhone();
  await verifyPhoneOnProfile(page, phone);

  // The settings page follows the number: WhatsApp and SMS can reach the host now.
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify your mobile number' })).toHaveCount(0);
  // Every channel can reach the host, or (push) has its own control: nothing is "on its way".
  await expect(page.getByText(/on (its|their) way/)).toHaveCount(0);

  const box = (channel: string, topic: string) => page.getByRole('checkbox', { name: `${channel} for ${topic}`, exact: true });
  await box('WhatsApp', 'Booking requests').check();
  await box('WhatsApp', 'Messages').uncheck();
  // SMS off for requests: the request then shows by WhatsApp alone, not by every phone channel.
  await box('SMS', 'Booking requests').uncheck();
  // No quiet hours: a request in the evening would otherwise wait for the morning.
  await page.getByRole('checkbox', { name: 'Quiet hours' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();

  // A guest asks for a stay, and writes to the host about it.
  const { context: guestContext, guest, petId } = await guestWithPet(browser, context, 'Kavya');
  const bookingId = await requestStay(guest, listingId, petId, 35);
  const conversation = await guest.request.post('/api/conversations', { data: { bookingId } });
  expect(conversation.ok(), await conversation.text()).toBe(true);
  const sent = await guest.request.post(`/api/conversations/${(await conversation.json()).id}/messages`, { data: { body: 'Hello! Bruno is calm and house-trained.', clientId: crypto.randomUUID() } });
  expect(sent.status()).toBe(201);

  // The request reaches the host's WhatsApp (delivered by a worker: the outbox is read again until
  // it shows), and nothing else does.
  const outbox = await context.newPage();
  const requestByWhatsApp = outboxRows(outbox, 'WhatsApp', 'notice:requests');
  await expect(async () => {
    await openOutbox(outbox, phone);
    await expect(requestByWhatsApp).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(requestByWhatsApp.getByRole('cell').nth(3)).toHaveText(/^PawStay: New booking request from Kavya\. .+ http\S+$/);
  // What a lock screen shows carries no address.
  await expect(requestByWhatsApp).not.toContainText('Shanti Kunj');
  await expect(outboxRows(outbox, 'SMS', 'notice:requests')).toHaveCount(0);
  await expect(outboxRows(outbox, 'WhatsApp', 'notice:messages')).toHaveCount(0);
  // Only the code and the request: nothing else went to the number.
  await expect(outbox.getByRole('row')).toHaveCount(3);
  await guestContext.close();
});
