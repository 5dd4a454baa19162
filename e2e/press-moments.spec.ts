import { devices, type Page, type TestInfo } from '@playwright/test';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, ONCE_THE_APP_RUNS, test } from './fixtures';
import { holdBack } from './hold-back';
import { MOMENTS, openAndPress } from './press-moments';
import { delayApp, press } from './slow-app';

// Issue 34: a press on a server-rendered control counts at every moment of the app's start (before
// the loader asks for the app's code, while it holds presses, during hydration, just after and
// well after), with the app's code coming at once and held back, and it acts exactly once: a
// result's sheet opens, a heart saves the stay (not twice, which would unsave it), a question's
// answer opens (and stays open). The search is also drawn by the server for another width than
// the browser's, as it is for a narrow desktop window, a tablet or a phone asking for the desktop
// site: the app then draws its layout anew as it starts, and a press on the server's result was
// lost (decision 042).

test.describe.configure({ timeout: 60_000 });

const SPEEDS = [
  { name: 'the code at once', heldBackMs: 0 },
  { name: 'the code held back', heldBackMs: 1_000 },
];

const result = (page: Page) => page.locator('[data-testid="listing-card"] > button[aria-pressed]').first();
const heart = (page: Page) => page.locator('main [data-testid="favorite-button"]').first();
const questions = (page: Page) => page.locator('main h3 > button');

async function firstListingId(page: Page): Promise<string> {
  const res = await page.request.get('/api/search?city=Ahmedabad');
  expect(res.ok()).toBe(true);
  return (await res.json()).results[0].id;
}

/**
 * The server draws /search for the width it guesses from the browser's name (a phone's or not):
 * here it is told the other kind of browser, so its layout is not the one the app draws.
 */
async function drawnForOtherWidth(page: Page, testInfo: TestInfo) {
  const other = testInfo.project.use.isMobile ? devices['Desktop Chrome'].userAgent : devices['Pixel 7'].userAgent;
  await page.route(
    (url) => url.pathname === '/search',
    (route) => route.continue({ headers: { ...route.request().headers(), 'user-agent': other } }),
  );
}

/** Everything the loader held has been replayed, and it has let go. */
async function settled(page: Page) {
  await expect(page.locator('html[data-app="ready"]')).toBeAttached(ONCE_THE_APP_RUNS);
  await expect(page.locator('[data-pending], #root [aria-busy="true"]')).toHaveCount(0);
}

for (const speed of SPEEDS) {
  for (const moment of MOMENTS) {
    test.describe(`pressed ${moment}, ${speed.name}`, () => {
      test.beforeEach(async ({ page }) => {
        if (speed.heldBackMs) await delayApp(page, speed.heldBackMs);
      });

      for (const drawn of ['for its width', 'for another width'] as const) {
        test(`a result's details open once (the search drawn ${drawn})`, async ({ page }, testInfo) => {
          const id = await firstListingId(page);
          if (drawn === 'for another width') await drawnForOtherWidth(page, testInfo);
          await openAndPress(page, testInfo, '/search?city=Ahmedabad', [{ moment, control: result(page) }]);
          await expect(page.getByRole('dialog')).toBeVisible(ONCE_THE_APP_RUNS);
          await settled(page);
          await expect(page.getByRole('dialog')).toHaveCount(1);
          await expect(page.getByRole('dialog')).toBeVisible();
          // The result pressed, and no other.
          await expect(page.locator('[data-testid="listing-card"][data-selected]')).toHaveAttribute('data-listing-id', id);
        });
      }

      test('the heart saves the stay once', async ({ page }, testInfo) => {
        await signInViaApi(page, uniqueEmail('press-moments'));
        const id = await firstListingId(page);
        const changes: string[] = [];
        page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/favorites/') && r.method() !== 'GET' && changes.push(r.method()));
        await openAndPress(page, testInfo, `/listing/${id}`, [{ moment, control: heart(page) }]);
        await expect(heart(page)).toHaveAttribute('aria-pressed', 'true', ONCE_THE_APP_RUNS);
        await settled(page);
        await expect.poll(async () => (await (await page.request.get('/api/favorites/ids')).json()).ids).toEqual([id]);
        // Sent once: a second press would have removed it again.
        await page.waitForLoadState('networkidle');
        expect(changes).toEqual(['PUT']);
        await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
      });

      // A part loaded with its tab, drawn by the server because the address opens that tab: its
      // code comes before hydration (lib/lazy-part.tsx), so a press on it is never lost.
      if (speed.heldBackMs) {
        test("a tab opened by the address answers: the host's payout form shows the bank's fields", async ({ page }, testInfo) => {
          await signInViaApi(page, uniqueEmail('press-moments-host'));
          const bank = page.getByRole('radio', { name: 'Bank account' });
          await openAndPress(page, testInfo, '/host?tab=payouts', [{ moment, control: bank }]);
          await expect(page.getByLabel('Account number')).toBeVisible(ONCE_THE_APP_RUNS);
          await settled(page);
          await expect(bank).toBeChecked();
          await expect(page.getByRole('textbox', { name: 'UPI ID' })).toHaveCount(0);
        });
      }

      // Signed out, the same path to the session's answer: once at each moment, with the code at once.
      if (!speed.heldBackMs) {
        test('signed out, the heart opens the sign-in dialog once', async ({ page }, testInfo) => {
          const id = await firstListingId(page);
          await openAndPress(page, testInfo, `/listing/${id}`, [{ moment, control: heart(page) }]);
          await expect(page.getByRole('dialog', { name: /sign in/i })).toBeVisible(ONCE_THE_APP_RUNS);
          await settled(page);
          await expect(page.getByRole('dialog')).toHaveCount(1);
        });
      }
    });
  }
}

// The questions are independent: one page load presses one at each moment.
for (const speed of SPEEDS) {
  test(`a question's answer opens once, pressed at each moment, ${speed.name}`, async ({ page }, testInfo) => {
    if (speed.heldBackMs) await delayApp(page, speed.heldBackMs);
    await openAndPress(page, testInfo, '/faq', MOMENTS.map((moment, i) => ({ moment, control: questions(page).nth(i) })));
    for (const [i, moment] of MOMENTS.entries()) {
      await expect(questions(page).nth(i), `pressed ${moment}`).toHaveAttribute('aria-expanded', 'true', ONCE_THE_APP_RUNS);
    }
    await settled(page);
    // Still open, each: pressed twice, one would have closed again. And the next one was not pressed.
    for (const [i, moment] of MOMENTS.entries()) {
      const question = questions(page).nth(i);
      await expect(question, `pressed ${moment}`).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('region', { name: (await question.textContent())!.trim() })).toBeVisible();
    }
    await expect(questions(page).nth(MOMENTS.length)).toHaveAttribute('aria-expanded', 'false');
  });
}

// The loader's side of it, for any control: the app's code is held back for good, and the test
// plays the app. It draws the page anew (new elements in another layout, as React does when its
// first render differs from the server's) and says it is ready; the loader replays the held press
// on the control of the same kind and name, and on no other.
test.describe('a held press, when the app draws the page anew', () => {
  type Redraw = 'moved' | 'doubled' | 'late';

  /** Presses the first question with the app's code held back, then redraws the page as `redraw` says and tells the loader the app is ready. */
  async function pressThenRedraw(page: Page, testInfo: TestInfo, redraw: Redraw) {
    await holdBack(page, '**/assets/*.js');
    await page.goto('/faq', { waitUntil: 'commit' });
    const question = page.locator('main h3 > button').first();
    await press(question, testInfo);
    await expect(question).toHaveAttribute('aria-busy', 'true');
    await page.evaluate((redraw) => {
      const root = document.getElementById('root')!;
      const clicks: string[] = [];
      (window as unknown as { clicks: string[] }).clicks = clicks;
      document.addEventListener('click', (event) => {
        const control = (event.target as Element).closest('button, a');
        clicks.push(control?.getAttribute('data-copy') ?? control?.textContent?.trim() ?? 'nothing');
      });
      // Every element new, one level deeper, and none of them marked as pressed.
      root.innerHTML = `<div class="redrawn">${root.innerHTML}</div>`;
      for (const marked of root.querySelectorAll('[data-pending]')) marked.removeAttribute('data-pending');
      for (const marked of root.querySelectorAll('[aria-busy]')) marked.removeAttribute('aria-busy');
      const heading = root.querySelector('main h3')!;
      heading.querySelector('button')!.setAttribute('data-copy', 'redrawn');
      if (redraw === 'doubled') {
        const twin = heading.cloneNode(true) as Element;
        twin.querySelector('button')!.setAttribute('data-copy', 'twin');
        heading.after(twin);
      }
      if (redraw === 'late') {
        const after = heading.previousSibling;
        const parent = heading.parentElement!;
        heading.remove();
        setTimeout(() => (after ? after.after(heading) : parent.prepend(heading)), 500);
      }
      document.dispatchEvent(new Event('pawstay:app-ready'));
    }, redraw);
    await expect(page.locator('html[data-app="ready"]')).toBeAttached({ timeout: 10_000 });
    return () => page.evaluate(() => (window as unknown as { clicks: string[] }).clicks);
  }

  test('it is replayed on the control in its new place', async ({ page }, testInfo) => {
    const clicks = await pressThenRedraw(page, testInfo, 'moved');
    expect(await clicks()).toEqual(['redrawn']);
  });

  test('drawn a moment later, it is replayed on it then', async ({ page }, testInfo) => {
    const clicks = await pressThenRedraw(page, testInfo, 'late');
    expect(await clicks()).toEqual(['redrawn']);
  });

  test('no longer one of a kind, it is dropped rather than replayed on another', async ({ page }, testInfo) => {
    const clicks = await pressThenRedraw(page, testInfo, 'doubled');
    expect(await clicks()).toEqual([]);
  });
});

/** The host's "Kind of ID" on /host (the verification card), and the help shown for Masked Aadhaar. */
const kindOfId = (page: Page) => page.getByTestId('verification-step-1').getByLabel('Kind of ID');
const aadhaarHelp = (page: Page) => page.getByText('only the last 4 digits of the number show');

// A choice in a select (the host's kind of ID) is kept at every moment, and the app acts on it: it
// shows the help for that kind. Chosen as hydration's render ended, the choice was once undone.
for (const moment of ['before the loader', 'while it holds', 'during hydration', 'as hydration ends', 'just after'] as const) {
  test(`a choice in a select made ${moment} is kept`, async ({ page }, testInfo) => {
    await signInViaApi(page, uniqueEmail('press-moments-select'));
    const kind = kindOfId(page);
    await openAndPress(page, testInfo, '/host', [{ moment, control: kind, choose: 'Masked Aadhaar' }]);
    await expect(aadhaarHelp(page)).toBeVisible(ONCE_THE_APP_RUNS);
    await settled(page);
    await expect(kind).toHaveValue('aadhaar_masked');
    await expect(aadhaarHelp(page)).toBeVisible();
  });
}

// A choice made while the app hydrates is held and passed on once the app has committed; another
// made in between (the app ready, the loader not yet passing the first on) is the one kept.
test('a choice during hydration, then another as the app commits: the second is kept', async ({ page }, testInfo) => {
  await signInViaApi(page, uniqueEmail('press-moments-select'));
  const kind = kindOfId(page);
  await openAndPress(page, testInfo, '/host', [
    { moment: 'during hydration', control: kind, choose: 'PAN card' },
    { moment: 'as the app commits', control: kind, choose: 'Masked Aadhaar' },
  ]);
  await settled(page);
  await expect(kind).toHaveValue('aadhaar_masked');
  await expect(aadhaarHelp(page)).toBeVisible();
});

// A press held after the app has said it is ready (before the loader has replayed what it held)
// counts once, and is not followed, 15 s later, by the loader's "taking long to load" alert.
test('a press as the app commits opens its answer once, and no "taking long" alert follows', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const question = questions(page).first();
  await openAndPress(page, testInfo, '/faq', [{ moment: 'as the app commits', control: question }]);
  await expect(question).toHaveAttribute('aria-expanded', 'true', ONCE_THE_APP_RUNS);
  await settled(page);
  // The alert would come 15 s after the press: its absence can only be seen by waiting that long,
  // after the press (Playwright's fake clock holds the harness's own timers back for good).
  await page.waitForTimeout(16_000);
  await expect(page.getByText('This page is taking long to load')).toHaveCount(0);
  await expect(question).toHaveAttribute('aria-expanded', 'true');
});
