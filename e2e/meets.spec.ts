import { addDays, todayInIndia } from '../src/domain/dates';
import { formatMeetTime, meetInstant } from '../src/domain/stays/meet';
import { signedInContext, signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, ONCE_THE_APP_RUNS, test } from './fixtures';
import { createListing } from './listings';

// Meet & greet (issue 37) at phone and desktop widths, as its two people do it: the host asks to
// meet new guests first on the listing form; the guest's request waits for a meet; the guest
// proposes two times from the booking card; the host, who cannot accept yet, confirms one.

test('the host asks to meet new guests first; the guest proposes times; the host confirms one', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const title = 'Quiet flat in Paldi that meets first';
  const { context: hostContext, page: host } = await signedInContext(browser, context, 'Rohan Patel', uniqueEmail('meet-host'));
  const listing = await createListing(host, title);

  // The host turns it on in the listing form.
  await host.goto(`/host/listing/${listing.id}/edit`);
  const policy = host.getByRole('region', { name: 'Pet policy' });
  const wish = policy.getByRole('switch', { name: 'Meet & greet required before a first stay with me' });
  await expect(wish).not.toBeChecked(ONCE_THE_APP_RUNS);
  await wish.check();
  await host.getByRole('button', { name: 'Save changes' }).click();
  await expect(host.getByText('Listing updated')).toBeVisible(ONCE_THE_APP_RUNS);

  // The guest reads it on the listing page, and asks to stay.
  await signInViaApi(page, uniqueEmail('meet-guest'));
  expect((await page.request.patch('/api/me', { data: { name: 'Aditi Sharma' } })).ok()).toBeTruthy();
  const pet = await (await page.request.post('/api/pets', { data: { name: 'Bruno', type: 'dog', size: 's' } })).json();
  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByTestId('meet-required')).toHaveText('Meets new guests before their first stay');
  const from = addDays(todayInIndia(), 6);
  const booked = await page.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [pet.id], fromDate: from, toDate: addDays(from, 3), note: '' } });
  expect(booked.status(), await booked.text()).toBe(201);

  // On her booking card, she is told to propose a meet, and does.
  await page.goto('/dashboard');
  const card = page.getByTestId('booking-card').filter({ hasText: title });
  const panel = card.getByTestId('meet-panel');
  await expect(panel.getByTestId('meet-needed')).toHaveText(
    'Rohan Patel meets new guests before a first stay: propose a meet & greet. Once Rohan Patel marks it Met, they can accept, or you can ask again.',
  );
  await panel.getByRole('button', { name: 'Propose a meet & greet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose a meet & greet' });
  await expect(dialog.getByRole('radio', { name: 'At the home' })).toBeChecked();
  // Sent empty, it says what is missing.
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await expect(dialog.getByText('Choose a date and time')).toBeVisible();
  const times = [`${addDays(todayInIndia(), 2)}T11:00`, `${addDays(todayInIndia(), 3)}T18:30`];
  await dialog.getByLabel('Time 1', { exact: true }).fill(times[0]!);
  await dialog.getByRole('button', { name: 'Add another time' }).click();
  await dialog.getByLabel('Time 2', { exact: true }).fill(times[1]!);
  await dialog.getByLabel('A note (optional)').fill('Bruno is shy for the first few minutes.');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await expect(page.getByText('Meet & greet proposed. Rohan Patel has been told.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText('You offered 2 times. Waiting for Rohan Patel to choose.');
  // The guest of a request sees the locality, not the address.
  await expect(panel).toContainText('Paldi, Ahmedabad');
  await expect(panel).not.toContainText('4 Shanti Kunj');
  await expectNoA11yViolations(page);

  // The host cannot accept yet, and confirms the second time.
  await host.goto('/host?tab=requests');
  const request = host.getByTestId('booking-request').filter({ hasText: 'Aditi Sharma' });
  await expect(request.getByRole('button', { name: "Accept Aditi Sharma's request" })).toBeDisabled(ONCE_THE_APP_RUNS);
  const hostPanel = request.getByTestId('meet-panel');
  await expect(hostPanel.getByTestId('meet-needed')).toHaveText('Your listing asks to meet new guests first: you can accept once you mark a meet with Aditi Sharma Met.');
  await expect(request.getByRole('button', { name: "Accept Aditi Sharma's request" })).toHaveAccessibleDescription(/you can accept once you mark a meet/);
  await expect(hostPanel).toContainText('Aditi Sharma proposes 2 times. Choose one, or propose others.');
  await expect(hostPanel).toContainText('“Bruno is shy for the first few minutes.”');
  const second = formatMeetTime(meetInstant(times[1]!)!);
  await hostPanel.getByRole('button', { name: `Confirm ${second}` }).click();
  await expect(host.getByText(`Meet & greet confirmed for ${second}.`)).toBeVisible();
  await expect(hostPanel.getByTestId('meet-time')).toHaveText(second);
  // The pressed button is gone: focus is on the time it set.
  await expect(hostPanel.getByTestId('meet-time')).toBeFocused();
  await expect(hostPanel).toContainText('4 Shanti Kunj, Paldi, Ahmedabad');
  await expect(hostPanel).toContainText('After you meet, mark here whether it happened.');
  await expectNoA11yViolations(host);

  // The guest sees the time set.
  await page.reload();
  await expect(card.getByTestId('meet-time')).toHaveText(second, ONCE_THE_APP_RUNS);
  await hostContext.close();
});
