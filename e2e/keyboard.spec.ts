import type { Locator, Page } from '@playwright/test';
import { addDays, formatDateRange, todayInIndia } from '../src/domain/dates';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, ONCE_THE_APP_RUNS, test } from './fixtures';
import { createListing } from './listings';
import { mailCount, readSignInCode } from './mail';

// Issue 9: the whole journey with the keyboard alone (search, filter, open a listing, request a
// booking, sign in with the code, accept as host). Pages are opened by address; everything on
// them is reached with Tab and used with Enter, Space, arrows and typing. Each stop must show a
// visible focus indicator, dialogs must keep the focus inside and give it back on close.

test.describe.configure({ timeout: 120_000 });

/**
 * Presses Tab until `target` has the focus, or, when it is not ahead within `max` presses, Shift+Tab
 * back as far; fails if neither reaches it.
 */
async function tabTo(page: Page, target: Locator, { max = 60 } = {}): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
        await expectVisibleFocus(page);
        return;
      }
      await page.keyboard.press(key);
    }
  }
  throw new Error(`${target} was not reached with Tab or Shift+Tab`);
}

/**
 * The focused element shows a focus indicator: its outline or box-shadow is different with the
 * focus than without it (a ring that only focus draws, not a button's resting shadow).
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const seen = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const look = () => {
      const s = getComputedStyle(el);
      return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`;
    };
    const focused = look();
    el.blur();
    const unfocused = look();
    el.focus();
    return { focused, unfocused, what: el.outerHTML.slice(0, 120) };
  });
  expect(seen.focused, `no visible focus on ${seen.what}`).not.toBe(seen.unfocused);
}

/** Whether the focus is inside `container`. */
const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

test('search, filter, open a listing, request a booking, sign in with the code, accept as host: keyboard only', async ({ page, browser, isMobile }) => {
  test.skip(isMobile, 'a keyboard journey: run at the desktop width');
  const city = `Bhuj ${Date.now().toString(36)}`;
  const title = 'Kutch courtyard home with a shady garden for pets';

  // The host, their listing and the guest's pet, through the API (not the subject of this test).
  const hostPage = await browser.newPage();
  await signInViaApi(hostPage, uniqueEmail('kb-host'));
  await hostPage.request.patch('/api/me', { data: { name: 'Hetal' } });
  await createListing(hostPage, title, {
    description: 'A quiet courtyard home with a walled garden, water bowls on every floor and long evening walks.',
    address: '12 Hospital Road, Bhuj',
    city,
    nightly_price_inr: 1400,
    lat: 23.25,
    lng: 69.67,
    amenities: ['Garden'],
  });
  const guestEmail = uniqueEmail('kb-guest');
  const setup = await browser.newPage();
  await signInViaApi(setup, guestEmail);
  await setup.request.patch('/api/me', { data: { name: 'Kiran' } });
  expect((await setup.request.post('/api/pets', { data: { name: 'Laddoo', type: 'dog', size: 's' } })).status()).toBe(201);
  await setup.close();

  // Search: type the city and apply, then narrow to small pets.
  await page.goto('/search');
  await expect(page.locator('main h1').first()).toBeAttached({ timeout: 20_000 });
  const filters = page.getByRole('search', { name: 'Search filters' });
  await tabTo(page, filters.getByLabel('City'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(city);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`city=${encodeURIComponent(city).replace(/%20/g, '(\\+|%20)')}`));
  await tabTo(page, filters.getByRole('button', { name: /Small/ }));
  await page.keyboard.press('Space');
  await tabTo(page, filters.getByRole('button', { name: 'Apply Filters' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/size=small/);

  // Open the listing from its card.
  const card = page.getByRole('link', { name: new RegExp(title) }).first();
  await expect(card).toBeVisible();
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Dates: the picker opens on Enter, days move with the arrows, Enter picks; Done closes it and
  // the focus goes back to the button that opened it.
  const datesButton = page.getByRole('button', { name: /^Dates/ });
  await tabTo(page, datesButton);
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog');
  await expect(picker.getByRole('grid').first()).toBeVisible();
  await expect.poll(() => focusInside(picker)).toBe(true);
  // The calendar is one Tab stop: its focusable day (a roving tabindex).
  await tabTo(page, picker.locator('[data-day] button[tabindex="0"]').first(), { max: 20 });
  const from = addDays(todayInIndia(), 20);
  // From the first day that can be picked, down the weeks to `from`, then two nights on.
  const firstDay = await page.evaluate(() => (document.activeElement?.closest('[data-day]') as HTMLElement | null)?.dataset.day ?? '');
  expect(firstDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  for (let day = firstDay; day < from; day = addDays(day, 7)) await page.keyboard.press('ArrowDown');
  const start = await page.evaluate(() => (document.activeElement?.closest('[data-day]') as HTMLElement | null)?.dataset.day ?? '');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  // Tab stays inside the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(picker), 'Tab left the date picker').toBe(true);
  }
  await tabTo(page, picker.getByRole('button', { name: 'Done' }), { max: 20 });
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(datesButton).toBeFocused();
  await expect(datesButton).toContainText(/\d/);

  // Signed out, Request to Book opens the sign-in dialog: e-mail, Enter, code, Enter.
  await tabTo(page, page.getByRole('combobox', { name: 'Pet size' }));
  await page.keyboard.press('ArrowDown');
  const request = page.getByRole('button', { name: 'Request to Book' });
  await tabTo(page, request);
  await page.keyboard.press('Enter');
  const signIn = page.getByRole('dialog');
  await expect(signIn.getByLabel('Email')).toBeFocused();
  const before = mailCount(guestEmail);
  await page.keyboard.type(guestEmail);
  await page.keyboard.press('Enter');
  await expect(signIn.getByLabel('Code')).toBeFocused();
  await page.keyboard.type(await readSignInCode(guestEmail, before));
  await page.keyboard.press('Enter');
  await expect(signIn).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // Signed in: the pet is chosen, and the request goes.
  await expect(page.getByRole('group', { name: "Who's coming" }).getByRole('checkbox').first()).toBeChecked();
  await tabTo(page, request);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('booking-card').filter({ hasText: title })).toContainText('Pending');

  // The account menu opens from the keyboard, and Escape gives the focus back to its button.
  const account = page.getByRole('button', { name: /Account menu/ });
  await tabTo(page, account);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'My Bookings' })).toBeVisible();
  await expect.poll(() => focusInside(menu)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(account).toBeFocused();

  // The host accepts, with the keyboard too.
  // The dashboard's tabs: the arrow keys move between them and show each one.
  await hostPage.goto('/host');
  await tabTo(hostPage, hostPage.getByRole('tab', { name: 'My Listings' }), { max: 40 });
  await hostPage.keyboard.press('ArrowRight');
  const requestsTab = hostPage.getByRole('tab', { name: /Booking Requests/ });
  // The server-rendered tabs move once the app runs (the key is held until then).
  await expect(requestsTab).toBeFocused(ONCE_THE_APP_RUNS);
  await expect(requestsTab).toHaveAttribute('aria-selected', 'true');
  const requestCard = hostPage.getByTestId('booking-request').filter({ hasText: 'Kiran' });
  // The nights picked with the arrows: from `start`, two nights.
  await expect(requestCard).toContainText(formatDateRange(start, addDays(start, 2)));
  await tabTo(hostPage, requestCard.getByRole('button', { name: /^Accept/ }), { max: 100 });
  await hostPage.keyboard.press('Enter');
  await expect(requestCard).toContainText('Awaiting payment');
  await hostPage.close();
});

test('a dialog opened from a button gives the focus back to it when it closes', async ({ page, isMobile }) => {
  test.skip(isMobile, 'a keyboard journey: run at the desktop width');
  await signInViaApi(page, uniqueEmail('kb-focus'));
  expect((await page.request.post('/api/pets', { data: { name: 'Kaju', type: 'dog', size: 's' } })).status()).toBe(201);
  await page.goto('/pets');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });

  // The confirmation: focus starts on its Cancel, stays inside, and Escape gives it back.
  const remove = page.getByRole('button', { name: 'Remove Kaju' });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(confirm), 'Tab left the confirmation').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();

  // The pet form's dialog, closed with Escape, and with its Cancel button.
  const edit = page.getByRole('button', { name: 'Edit Kaju' });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog');
  await expect.poll(() => focusInside(form)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();
});
