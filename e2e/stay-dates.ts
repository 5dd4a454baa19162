import { expect, type Page } from '@playwright/test';

/** The picker's words: English unless a test reads the page in another language. */
type PickerWords = { dates: RegExp; nextMonth: RegExp | string; done: string };
const ENGLISH: PickerWords = { dates: /^Dates/, nextMonth: /next month/i, done: 'Done' };

/** Picks a stay in the booking card's date picker, as a guest does: the button, two days, Done. */
export async function pickDates(page: Page, from: string, to: string, words: PickerWords = ENGLISH) {
  await page.getByRole('button', { name: words.dates }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('grid').first()).toBeVisible();
  for (const day of [from, to]) {
    const button = panel.locator(`[data-day="${day}"] button`);
    for (let i = 0; i < 3 && (await button.count()) === 0; i++) await panel.getByRole('button', { name: words.nextMonth }).click();
    await button.click();
  }
  await panel.getByRole('button', { name: words.done }).click();
  await expect(panel).toHaveCount(0);
}
