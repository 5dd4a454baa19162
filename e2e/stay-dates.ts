import { expect, type Page } from '@playwright/test';

/** Picks a stay in the booking card's date picker, as a guest does: the button, two days, Done. */
export async function pickDates(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: /^Dates/ }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('grid').first()).toBeVisible();
  for (const day of [from, to]) {
    const button = panel.locator(`[data-day="${day}"] button`);
    for (let i = 0; i < 3 && (await button.count()) === 0; i++) await panel.getByRole('button', { name: /next month/i }).click();
    await button.click();
  }
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toHaveCount(0);
}
