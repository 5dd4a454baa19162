import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until the app runs on a page the server rendered (decisions 011-014): only then do its
 * buttons work, and only then does the header know the session (Sign In or the account menu).
 */
export async function untilHydrated(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: /^(Sign In|Account menu)/ }).first()).toBeVisible({ timeout: 20_000 });
}
