import type { Page } from '@playwright/test';
import { formatInstantInIndia } from '../src/domain/dates';
import { addDays, todayInIndia } from '../src/domain/dates';
import { signedInContext, signInViaApi, uniqueEmail } from './auth-helpers';
import { expectNoA11yViolations, expect, test } from './fixtures';
import { createListing } from './listings';
import { payViaApi } from './payments';

// Messages (issue 7): a guest and a host, each in their own browser, talk about a booking; each
// sees the other's messages arrive without a reload, and the unread count rises and clears.

test.describe.configure({ timeout: 90_000 });

/**
 * A signed-in guest (`page`) with a booking request at a new listing of a host called `hostName`,
 * in another browser context, and the conversation about it.
 */
async function guestWithConversation(page: Page, hostName: string, pet: { name: string; type: 'dog' | 'cat'; size: 's' | 'm' }, daysAhead: number) {
  await signInViaApi(page, uniqueEmail('msg-guest'));
  const { context: hostContext, page: host } = await signedInContext(page.context().browser()!, page.context(), hostName, uniqueEmail('msg-host'));
  const listing = await createListing(host, `${hostName}'s flat in Ahmedabad`, { lat: 23.02, lng: 72.5 });
  const { id: petId } = await (await page.request.post('/api/pets', { data: pet })).json();
  const from = addDays(todayInIndia(), daysAhead);
  const booking = await (await page.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [petId], fromDate: from, toDate: addDays(from, 1), note: '' } })).json();
  const conversation: { id: string } = await (await page.request.post('/api/conversations', { data: { bookingId: booking.id } })).json();
  return { hostContext, host, booking: booking as { id: string }, conversation };
}

test('guest and host exchange messages live; the unread count rises and clears', async ({ page: guest, browser, context }) => {
  await signInViaApi(guest, uniqueEmail('msg-guest'));
  await guest.request.patch('/api/me', { data: { name: 'Gita' } });
  const { context: hostContext, page: host } = await signedInContext(browser, context, 'Harsh', uniqueEmail('msg-host'));

  const listing = await createListing(host, 'Garden flat in Navrangpura for dogs', { lat: 23.03, lng: 72.56 });
  const pet = await (await guest.request.post('/api/pets', { data: { name: 'Bruno', type: 'dog', size: 'm' } })).json();
  const from = addDays(todayInIndia(), 25);
  const booked = await guest.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [pet.id], fromDate: from, toDate: addDays(from, 2), note: '' } });
  expect(booked.status()).toBe(201);

  // The host waits on the messages page: nothing yet.
  await host.goto('/messages');
  await expect(host.getByRole('heading', { name: 'No messages yet' })).toBeVisible({ timeout: 20_000 });

  // The guest opens the conversation from the booking and writes.
  await guest.goto('/dashboard');
  await guest.getByRole('button', { name: 'Message host' }).first().click();
  await expect(guest).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const composer = guest.getByLabel('Message Harsh');
  await composer.fill('Hello! Is the garden fenced?');
  await composer.press('Enter');
  await expect(guest.getByTestId('message').filter({ hasText: 'Hello! Is the garden fenced?' })).toBeVisible();
  // Shift+Enter is a new line, not a send.
  await composer.fill('Bruno digs.');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Just a little.');
  await expect(composer).toHaveValue('Bruno digs.\nJust a little.');
  await composer.press('Enter');
  await expect(guest.getByTestId('message')).toHaveCount(2);

  // The host's header shows the unread count without a reload.
  const badge = host.getByTestId('unread-badge');
  await expect(badge).toHaveText('2', { timeout: 15_000 });
  await host.reload();
  await host.getByRole('link', { name: /Gita/ }).click();
  await expect(host.getByTestId('message').filter({ hasText: 'Hello! Is the garden fenced?' })).toBeVisible();
  await expect(host.getByTestId('message').filter({ hasText: 'Just a little.' })).toBeVisible();
  // Reading clears it.
  await expect(badge).toHaveCount(0);
  await expect(host.getByText('Today', { exact: true })).toBeVisible();

  // Live both ways, with both threads open.
  await host.getByLabel('Message Gita').fill('Yes, fully fenced. Bruno is welcome!');
  await host.getByRole('button', { name: 'Send message' }).click();
  await expect(guest.getByTestId('message').filter({ hasText: 'Yes, fully fenced. Bruno is welcome!' })).toBeVisible({ timeout: 15_000 });

  await composer.fill('Wonderful, see you soon.');
  await composer.press('Enter');
  await expect(host.getByTestId('message').filter({ hasText: 'Wonderful, see you soon.' })).toBeVisible({ timeout: 15_000 });
  // Read while open: the host's count does not rise.
  await expect(badge).toHaveCount(0);

  await expectNoA11yViolations(host);
  await hostContext.close();
});

test('the header says until when an accepted stay must be paid, to both sides, and "Confirmed" once it is', async ({ page }) => {
  const { hostContext, host, booking, conversation } = await guestWithConversation(page, 'Anil', { name: 'Toffee', type: 'dog', size: 's' }, 20);
  await page.request.patch('/api/me', { data: { name: 'Pooja' } });
  expect((await host.request.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
  const [mine] = (await (await page.request.get('/api/bookings')).json()).results;
  // The dashboard's words for the same deadline: "Awaiting payment: pay by 14 Mar, 6:30 pm" (India time).
  const line = `Awaiting payment: pay by ${formatInstantInIndia(mine.payment_due_at)}`;
  expect(line).toMatch(/^Awaiting payment: pay by \d+ \w{3}, \d+:\d\d (am|pm)$/);

  for (const [who, name] of [[page, 'Anil'], [host, 'Pooja']] as const) {
    await who.goto(`/messages/${conversation.id}`);
    const header = who.getByRole('region', { name: new RegExp(name) }).locator('header');
    await expect(header.getByTestId('payment-due')).toHaveText(line, { timeout: 20_000 });
  }
  await expectNoA11yViolations(page);

  await payViaApi(page, booking.id);
  await page.reload();
  const header = page.getByRole('region', { name: /Anil/ }).locator('header');
  await expect(header).toContainText('Confirmed');
  await expect(header.getByTestId('payment-due')).toHaveCount(0);
  await hostContext.close();
});

test('a message that fails to send stays, marked, and can be sent again once', async ({ page }) => {
  const { hostContext, conversation } = await guestWithConversation(page, 'Meera', { name: 'Misti', type: 'cat', size: 's' }, 30);

  await page.goto(`/messages/${conversation.id}`);
  await expect(page.getByText('No messages yet. Say hello to Meera.')).toBeVisible({ timeout: 20_000 });
  await page.route('**/api/conversations/*/messages', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await page.getByLabel('Message Meera').fill('Is there a litter tray?');
  await page.getByLabel('Message Meera').press('Enter');
  await expect(page.getByText('Not sent.')).toBeVisible();
  await page.unroute('**/api/conversations/*/messages');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Not sent.')).toHaveCount(0);
  await expect(page.getByTestId('message').filter({ hasText: 'Is there a litter tray?' })).toHaveCount(1);
  const stored = (await (await page.request.get(`/api/conversations/${conversation.id}/messages`)).json()).results;
  expect(stored.map((m: { body: string }) => m.body)).toEqual(['Is there a litter tray?']);
  await hostContext.close();
});

test('a message sent while the conversation is still loading waits for it, and stays unsent if it fails', async ({ page }) => {
  const { hostContext, conversation } = await guestWithConversation(page, 'Ravi', { name: 'Coco', type: 'dog', size: 's' }, 35);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/conversations\/[^/]+\/messages$/.test(new URL(r.url()).pathname)) posts.push(r.postDataJSON().body);
  });
  const stored = async () =>
    (await (await page.request.get(`/api/conversations/${conversation.id}/messages`)).json()).results.map((m: { body: string }) => m.body);

  // The thread answers only once Enter has been pressed: a quick writer on a slow connection gets
  // there first, and the Enter must be neither lost nor sent before the thread is there.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/conversations/*/messages*', async (route) => {
    if (route.request().method() === 'GET') await released;
    await route.continue();
  });
  await page.goto(`/messages/${conversation.id}`);
  const composer = page.getByLabel('Message Ravi');
  await composer.fill('Can Coco bring her own bed?');
  await composer.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Sending as soon as the conversation has loaded' })).toBeVisible();
  await expect(composer).toHaveValue('Can Coco bring her own bed?');
  expect(posts).toEqual([]);
  release();
  await expect(page.getByTestId('message').filter({ hasText: 'Can Coco bring her own bed?' })).toHaveCount(1);
  await expect(composer).toHaveValue('');
  // The message is shown (as sending) before the browser reports its request: wait for the store.
  await expect.poll(stored).toEqual(['Can Coco bring her own bed?']);
  expect(posts).toEqual(['Can Coco bring her own bed?']);
  await page.unroute('**/api/conversations/*/messages*');

  // A thread that cannot be loaded: the message stays in the box, unsent, even once it loads.
  let failing = true;
  await page.route('**/api/conversations/*/messages*', (route) =>
    route.request().method() === 'GET' && failing ? route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Try again' } } }) : route.continue(),
  );
  await page.reload();
  await composer.fill('And her blanket?');
  await composer.press('Enter');
  await expect(page.getByText('Messages could not be loaded.')).toBeVisible({ timeout: 20_000 });
  await expect(composer).toHaveValue('And her blanket?');
  await expect(page.getByRole('status').filter({ hasText: 'Sending as soon' })).toHaveCount(0);
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Can Coco bring her own bed?' })).toHaveCount(1);
  await expect(composer).toHaveValue('And her blanket?');
  expect(posts).toEqual(['Can Coco bring her own bed?']);
  expect(await stored()).toEqual(['Can Coco bring her own bed?']);
  await hostContext.close();
});

test('a tab whose session is replaced by a sign-in elsewhere keeps its messages live for the new user', async ({ page, browser, context }) => {
  // Signed in as Asha on the dashboard; then, in another tab of the same browser, Bela signs in.
  await signInViaApi(page, uniqueEmail('msg-first'));
  const streaming = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/conversations/stream');
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible({ timeout: 20_000 });
  await streaming;
  const bela = uniqueEmail('msg-second');
  const other = await context.newPage();
  await signInViaApi(other, bela);
  await other.close();
  // Asha's stream ends with her session; the tab now shows Bela, and hears of Bela's messages.
  const { context: hostContext, page: host } = await signedInContext(browser, context, 'Kiran', uniqueEmail('msg-host'));
  const listing = await createListing(host, "Kiran's terrace flat in Ahmedabad", { lat: 23.01, lng: 72.52 });
  const { id: petId } = await (await page.request.post('/api/pets', { data: { name: 'Coco', type: 'dog', size: 's' } })).json();
  const from = addDays(todayInIndia(), 30);
  const booking = await (await page.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [petId], fromDate: from, toDate: addDays(from, 1), note: '' } })).json();
  const conversation: { id: string } = await (await page.request.post('/api/conversations', { data: { bookingId: booking.id } })).json();
  expect((await (await page.request.get('/api/me')).json()).email).toBe(bela);
  await host.request.post(`/api/conversations/${conversation.id}/messages`, { data: { body: 'Welcome, Coco!', clientId: crypto.randomUUID() } });
  await expect(page.getByTestId('unread-badge')).toHaveText('1', { timeout: 15_000 });
  await hostContext.close();
});
