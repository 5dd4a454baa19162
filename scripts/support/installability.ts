import type { Page } from '@playwright/test';

/**
 * What Chromium says keeps `page` from being installed as an app, one line each ("no-manifest",
 * "manifest-missing-suitable-icon minimum-icon-size-in-pixels=144"): Page.getInstallabilityErrors,
 * what Lighthouse's installability audit read before Lighthouse 12 dropped it (decision 057).
 * Only the full browser judges, in a profile of its own: the headless shell finds nothing wrong
 * with any page, and an incognito context (a test's usual one) is always "in-incognito".
 */
export async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '));
  } finally {
    await cdp.detach();
  }
}
