import type { Browser, Page } from '@playwright/test';
import { AWAITING_REVIEW, DEMO_GUESTS, DEMO_HOSTS, DEMO_LISTINGS } from '../src/server/db/seed/data';
import { signInViaApi } from './auth-helpers';
import { expectNoA11yViolations, expect, test } from './fixtures';

// Reviews (issue 7) at phone and desktop widths, on the demo seed's stays that checked out a few
// days ago and nobody has reviewed (AWAITING_REVIEW: one per browser project, since the two
// projects share one server and a review can be written once). The guest reviews from the
// dashboard and sees it pending; the host, in a second browser context, reviews the guest from the
// host dashboard, which publishes both; the listing page then shows the guest's review.

const guestText = 'Our dog came home happy and tired. The garden is lovely and we got photos every evening.';
const hostText = 'A polite, punctual guest, and the dog was calm and friendly with everyone at home.';

function stayFor(projectName: string) {
  const stay = AWAITING_REVIEW[projectName === 'phone' ? 0 : 1]!;
  const listing = DEMO_LISTINGS[stay.listing]!;
  const guest = DEMO_GUESTS.find((g) => g.name === stay.guest)!;
  const host = DEMO_HOSTS[listing.host]!;
  return { listing, guest, host };
}

async function signedInPage(browser: Browser, email: string, viewport: { width: number; height: number } | null): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  await signInViaApi(page, email);
  return page;
}

test('the guest reviews a finished stay, the host reviews the guest, and the review is published', async ({ page, browser, viewport }, testInfo) => {
  test.setTimeout(90_000);
  const { listing, guest, host } = stayFor(testInfo.project.name);
  const guestFirst = guest.name.split(' ')[0]!;
  await signInViaApi(page, guest.email);

  await page.goto('/dashboard');
  const prompt = page.getByTestId('review-prompt').filter({ hasText: listing.title });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt.getByRole('heading', { name: `How was your stay at ${listing.title}?` })).toBeVisible();
  await prompt.getByRole('button', { name: `Write a review of ${listing.title}` }).click();

  const dialog = page.getByRole('dialog', { name: `How was your stay at ${listing.title}?` });
  await expect(dialog).toBeVisible();
  // Sending empty shows the form's messages, and nothing is sent.
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  await expect(dialog.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(dialog.getByText('Review must be at least 20 characters')).toBeVisible();

  // The stars are a radio group: choose with the keyboard.
  const stars = dialog.getByRole('group', { name: 'Your rating of the stay' });
  await stars.getByRole('radio', { name: /^3 stars/ }).check();
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: /^4 stars/ })).toBeChecked();
  const text = dialog.getByRole('textbox');
  await text.fill(guestText);
  await expect(dialog.getByText(`${guestText.length} / 1,000`)).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Submit review' }).click();

  await expect(page.getByText('Thanks for your review')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(prompt).toHaveCount(0);
  // The button that opened the dialog is gone: the focus goes to the page, not lost on <body>.
  await expect(page.locator('#main')).toBeFocused();
  // Only the host's review is missing: mine is pending, and the listing page does not show it.
  const card = page.getByTestId('booking-card').filter({ hasText: listing.title }).filter({ has: page.getByTestId('my-review') });
  await expect(card.getByTestId('my-review')).toContainText('Pending');
  // Newest first: the one just written (the demo guest has older, published ones).
  const [latest] = (await (await page.request.get('/api/reviews/mine')).json()).results as { body: string; published: boolean }[];
  expect(latest).toMatchObject({ body: guestText, published: false });

  // The host, in a browser of their own.
  const hostPage = await signedInPage(browser, host.email, viewport);
  try {
    await hostPage.goto('/host?tab=requests');
    const hostPrompt = hostPage.getByTestId('review-prompt').filter({ hasText: `How was ${guestFirst} as a guest?` });
    await expect(hostPrompt).toBeVisible({ timeout: 20_000 });
    await hostPrompt.getByRole('button', { name: `Review guest ${guestFirst}` }).click();
    const hostDialog = hostPage.getByRole('dialog', { name: `How was ${guestFirst} as a guest?` });
    await hostDialog.getByRole('group', { name: `Your rating of ${guestFirst}` }).getByRole('radio', { name: /^5 stars/ }).check();
    await hostDialog.getByRole('textbox').fill(hostText);
    await hostDialog.getByRole('button', { name: 'Submit review' }).click();
    await expect(hostPage.getByText(`Thanks for reviewing ${guestFirst}`)).toBeVisible();
    await expect(hostPrompt).toHaveCount(0);
  } finally {
    await hostPage.context().close();
  }

  // Both have written: the guest's review is published, and on the listing page.
  await page.reload();
  await expect(card.getByTestId('my-review')).toContainText('Published', { timeout: 20_000 });
  await card.getByRole('link', { name: listing.title, exact: true }).click();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.scrollIntoViewIfNeeded();
  const published = reviews.getByRole('listitem').filter({ hasText: guestText });
  await expect(published).toBeVisible({ timeout: 20_000 });
  await expect(published.getByRole('heading', { name: guestFirst, exact: true })).toBeVisible();
  await expect(published.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  // Newest first.
  await expect(reviews.getByRole('listitem').first()).toContainText(guestText);
  await expect(reviews.getByTestId('reviews-summary')).toContainText(/\d\.\d/);
});
