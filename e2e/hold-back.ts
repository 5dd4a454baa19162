import type { Page } from '@playwright/test';

/** Holds back the requests for `pattern` until the returned function is called. */
export async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    // Through the test's other holds on the same requests, if any.
    await route.fallback();
  });
  return release;
}
