import type { Locator, Page, TestInfo } from '@playwright/test';

// A mid-range phone on a slow line, as issue 18 tries it: the page's HTML and CSS arrive and paint,
// the app's code (every script under /assets/; the first-view loader is written into the page)
// comes late or never, and the processor is four times slower than this machine's.

/** Holds every request for the app's code back by `ms` (the first-view loader is in the page). */
export async function delayApp(page: Page, ms: number): Promise<void> {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // Through the test's other holds on the same requests, if any.
    await route.fallback().catch(() => undefined);
  });
}

/** Holds every request for the app's code back by `ms`, and slows the processor down 4x. */
export async function slowApp(page: Page, ms = 3_000): Promise<void> {
  await delayApp(page, ms);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The app's code never arrives: every request for it fails, as offline or behind a blocker. */
export async function blockApp(page: Page): Promise<void> {
  await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
}

/** A tap on a phone, a click on a desktop: as soon as the control is on screen, as a user does. */
export async function press(control: Locator, testInfo: TestInfo): Promise<void> {
  if (testInfo.project.use.hasTouch) await control.tap();
  else await control.click();
}
