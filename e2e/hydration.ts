import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until the app has hydrated a page the server rendered (decisions 011-014): the first-view
 * loader replays what was pressed meanwhile, then marks the document `data-app="ready"`. Only
 * for tests of hydration and of the loader itself: a user does not wait for it, and neither do
 * the tests of what users do, since a press made before it is acted on once the app runs
 * (decision 018).
 */
export async function untilHydrated(page: Page) {
  await expect(page.locator('html[data-app="ready"]')).toBeAttached({ timeout: 20_000 });
}
