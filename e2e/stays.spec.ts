import { addDays, todayInIndia } from '../src/domain/dates';
import { signedInContext, signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, ONCE_THE_APP_RUNS, test } from './fixtures';
import { createListing } from './listings';
import { payViaApi } from './payments';
import { jpeg } from './photos';

// The stay itself (issue 37) at phone and desktop widths, as its two people live it: the guest
// fills Bruno's care sheet from the booking card, the host reads it, presses "Bruno has arrived"
// and later "Bruno has gone home", and both see where the stay is.

test('the guest fills the care sheet; the host reads it, checks Bruno in and out; both see where the stay is', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const title = 'Garden home in Bodakdev for the stay';
  const { context: hostContext, page: host } = await signedInContext(browser, context, 'Rohan Patel', uniqueEmail('stay-host'));
  const listing = await createListing(host, title);
  await signInViaApi(page, uniqueEmail('stay-guest'));
  expect((await page.request.patch('/api/me', { data: { name: 'Aditi Sharma', phone: '98765 43210' } })).ok()).toBeTruthy();
  const pet = await (await page.request.post('/api/pets', { data: { name: 'Bruno', type: 'dog', size: 's', temperament: 'Shy with other dogs' } })).json();
  const from = todayInIndia();
  const booked = await page.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [pet.id], fromDate: from, toDate: addDays(from, 3), note: '' } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id } = await booked.json();
  expect((await host.request.post(`/api/bookings/${id}/accept`)).status()).toBe(200);
  await payViaApi(page, id);

  // The host cannot check Bruno in before his care sheet is written, and is told why.
  await host.goto('/host?tab=requests');
  const request = host.getByTestId('booking-request').filter({ hasText: 'Aditi Sharma' });
  await expect(request.getByTestId('stay-stage')).toHaveText('Arrives today', ONCE_THE_APP_RUNS);
  await request.getByRole('link', { name: "Open Aditi Sharma's stay" }).click();
  await expect(host.getByRole('heading', { level: 1, name: "Bruno's stay" })).toBeVisible();
  await expect(host.getByTestId('check-in-problem')).toHaveText('Complete the care sheet for Bruno');
  await expect(host.getByRole('button', { name: 'Bruno has arrived' })).toBeDisabled();
  await expect(host.getByText("Aditi Sharma has not filled in Bruno's care sheet yet.")).toBeVisible();

  // The guest opens the stay from the booking card; the sheet begins from Bruno's profile.
  await page.goto('/dashboard');
  const card = page.getByTestId('booking-card').filter({ hasText: title });
  await expect(card.getByTestId('stay-stage')).toHaveText('Arrives today', ONCE_THE_APP_RUNS);
  await card.getByRole('link', { name: `Care sheet & stay at ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/stays/${id}$`));
  const form = page.getByRole('form', { name: "Bruno's care sheet" });
  await expect(form.getByLabel('Habits and fears')).toHaveValue('Shy with other dogs');
  await expectNoA11yViolations(page);

  // Saving it empty names what is missing, field by field.
  await form.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(form.getByText('Say what your pet eats')).toBeVisible();
  await expect(form.getByText('Add at least one feeding time')).toBeVisible();
  await expect(form.getByText("Enter the vet's name")).toBeVisible();

  await form.getByLabel('What Bruno eats').fill('Drools chicken kibble');
  await form.getByLabel('How much').fill('1 cup');
  await form.getByLabel('Feeding time 1', { exact: true }).fill('08:00');
  await form.getByRole('button', { name: 'Add a time' }).first().click();
  await form.getByLabel('Feeding time 2', { exact: true }).fill('19:00');
  await form.getByRole('button', { name: 'Add a medicine' }).click();
  await form.getByLabel('Medicine', { exact: true }).fill('Apoquel');
  await form.getByLabel('Dose').fill('Half a tablet');
  await form.getByLabel('Time for Apoquel 1', { exact: true }).fill('20:00');
  await form.getByLabel('Walks and exercise').fill('Two walks, 30 minutes each');
  await form.getByLabel("Vet's name").fill('Dr. Mehta');
  await form.getByLabel('Clinic').fill('Paws Clinic, Bodakdev');
  await form.getByLabel("Vet's phone").fill('079 2640 1234');
  // The guest is not their own emergency contact.
  await form.getByLabel("Contact's name").fill('Aditi Sharma');
  await form.getByLabel("Contact's phone").fill('98250 12345');
  await form.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(form.getByText('The emergency contact must be someone other than you')).toBeVisible();
  await form.getByLabel("Contact's name").fill('Kiran Shah');
  await form.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page.getByText("Bruno's care sheet is saved. Your host can read it now.")).toBeVisible();
  const sheet = page.getByTestId('care-sheet');
  await expect(sheet).toContainText('Drools chicken kibble, 1 cup');
  await expect(sheet).toContainText('at 8:00 am and 7:00 pm');
  await expect(sheet).toContainText('Apoquel, Half a tablet, at 8:00 pm');
  await expect(sheet.getByRole('button', { name: "Edit Bruno's care sheet" })).toBeVisible();

  // The host reads it, with the vet's number to call, and checks Bruno in.
  await host.reload();
  const hostSheet = host.getByTestId('care-sheet');
  await expect(hostSheet).toContainText('Apoquel, Half a tablet, at 8:00 pm', ONCE_THE_APP_RUNS);
  await expect(hostSheet.getByRole('link', { name: '+91 79264 01234' })).toHaveAttribute('href', 'tel:+917926401234');
  await expect(host.getByTestId('check-in-problem')).toHaveCount(0);
  await expectNoA11yViolations(host);
  await host.getByRole('button', { name: 'Bruno has arrived' }).click();
  await expect(host.getByText('Checked in. Aditi Sharma has been told.')).toBeVisible();
  await expect(host.getByTestId('stay-stage')).toHaveText('Staying: day 1 of 3');

  // The guest sees the stay under way on the card and the stay's page.
  await page.goto('/dashboard');
  await expect(card.getByTestId('stay-stage')).toHaveText('Staying: day 1 of 3', ONCE_THE_APP_RUNS);
  await expect(card.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);

  // The host checks Bruno out, after saying yes to the question.
  await host.getByRole('button', { name: 'Bruno has gone home' }).click();
  const question = host.getByRole('alertdialog', { name: 'Has Bruno gone home?' });
  await expect(question).toContainText('This completes the stay and tells Aditi Sharma.');
  await question.getByRole('button', { name: 'Bruno has gone home' }).click();
  await expect(host.getByText('Checked out. Aditi Sharma has been told.')).toBeVisible();
  await expect(host.getByTestId('stay-stage')).toHaveText('Gone home');
  await hostContext.close();

  await page.reload();
  await expect(card.getByTestId('stay-stage')).toHaveText('Gone home', ONCE_THE_APP_RUNS);
  await card.getByRole('link', { name: `Open stay at ${title}` }).click();
  await expect(page.getByTestId('stay-stage')).toHaveText('Gone home');
  // Over: the sheet can be read, no longer changed.
  await expect(page.getByRole('button', { name: "Edit Bruno's care sheet" })).toHaveCount(0);
});

test('a stay that is not yours is "not found"', async ({ page }) => {
  await signInViaApi(page, uniqueEmail('stay-stranger'));
  await page.goto('/stays/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Stay not found' })).toBeVisible(ONCE_THE_APP_RUNS);
});


test('the host checks Bruno in with a photo and posts two updates with photos and ticks; the guest sees the timeline with the photos', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const { context: hostContext, page: host } = await signedInContext(browser, context, 'Rohan Patel', uniqueEmail('update-host'));
  const listing = await createListing(host, 'Terrace home in Prahlad Nagar');
  await signInViaApi(page, uniqueEmail('update-guest'));
  expect((await page.request.patch('/api/me', { data: { name: 'Aditi Sharma', phone: '' } })).ok()).toBeTruthy();
  const pet = await (await page.request.post('/api/pets', { data: { name: 'Bruno', type: 'dog', size: 's' } })).json();
  const from = todayInIndia();
  const { id } = await (await page.request.post('/api/bookings', { data: { listingId: listing.id, petIds: [pet.id], fromDate: from, toDate: addDays(from, 3), note: '' } })).json();
  expect((await host.request.post(`/api/bookings/${id}/accept`)).status()).toBe(200);
  await payViaApi(page, id);
  // Midnight times: whenever the test runs, they have come and are due.
  const sheet = await page.request.put(`/api/stays/${id}/care-sheets/${pet.id}`, {
    data: {
      food: { what: 'Kibble', amount: '1 cup', times: ['00:00'] },
      medicines: [{ name: 'Apoquel', dose: 'Half a tablet', times: ['00:00'] }],
      walks: '',
      habits: '',
      house_training: '',
      vet: { name: 'Dr. Mehta', clinic: 'Paws Clinic', phone: '079 2640 1234' },
      emergency_contact: { name: 'Kiran Shah', phone: '98250 12345' },
    },
  });
  expect(sheet.status(), await sheet.text()).toBe(200);

  // Check-in, with a photo of the arrival.
  await host.goto(`/stays/${id}`);
  await host.getByLabel('Add a photo of the arrival (optional)').setInputFiles({ name: 'arrived.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200, 140, 90) });
  await host.getByRole('button', { name: 'Bruno has arrived' }).click();
  await expect(host.getByText('Checked in. Aditi Sharma has been told.')).toBeVisible(ONCE_THE_APP_RUNS);
  const hostTimeline = host.getByTestId('stay-update');
  await expect(hostTimeline).toHaveCount(1);
  await expect(hostTimeline.first()).toContainText('Arrived');

  // What the sheet asks for and is not ticked yet.
  const form = host.getByRole('form', { name: 'Post an update' });
  const due = form.getByTestId('care-due');
  await expect(due).toContainText("Bruno's food due at 12:00 am: not yet ticked");
  await expect(due).toContainText('Apoquel for Bruno due at 12:00 am: not yet ticked');

  // An empty update says what it needs.
  await form.getByRole('button', { name: 'Post update' }).click();
  await expect(form.getByText('Add a photo, a few words or a tick to post an update')).toBeVisible();

  // The first update: two photos, a few words, fed.
  await form.getByLabel('Add photos').setInputFiles([
    { name: 'walk.jpg', mimeType: 'image/jpeg', buffer: await jpeg(90, 160, 80) },
    { name: 'nap.jpg', mimeType: 'image/jpeg', buffer: await jpeg(80, 110, 190) },
  ]);
  await expect(form.getByRole('img', { name: /^Chosen photo/ })).toHaveCount(2);
  await form.getByLabel('A few words').fill('A long walk in the park, then a nap on the sofa.');
  await form.getByRole('button', { name: 'Fed', exact: true }).click();
  await form.getByLabel('Time of tick 1: Fed').fill('08:05');
  await form.getByRole('button', { name: 'Post update' }).click();
  await expect(host.getByText('Update posted. Aditi Sharma has been told.')).toBeVisible();
  await expect(hostTimeline).toHaveCount(2);
  await expect(due).not.toContainText('food due');

  // The second: a photo and the medicine.
  await form.getByLabel('Add photos').setInputFiles({ name: 'evening.jpg', mimeType: 'image/jpeg', buffer: await jpeg(150, 60, 60) });
  await form.getByRole('button', { name: 'Apoquel given' }).click();
  await form.getByRole('button', { name: 'Post update' }).click();
  await expect(hostTimeline).toHaveCount(3);
  await expect(form.getByTestId('care-due')).toHaveCount(0);
  await expectNoA11yViolations(host);
  await hostContext.close();

  // The guest reads the timeline, newest first, and the private photos load for them.
  await page.goto(`/stays/${id}`);
  const updates = page.getByTestId('stay-update');
  await expect(updates).toHaveCount(3, ONCE_THE_APP_RUNS);
  await expect(updates.nth(0)).toContainText(/Apoquel given at \d+:\d\d (am|pm)/);
  await expect(updates.nth(1)).toContainText('A long walk in the park, then a nap on the sofa.');
  await expect(updates.nth(1)).toContainText('Fed at 8:05 am');
  await expect(updates.nth(2)).toContainText('Arrived');
  await expect(page.getByTestId('no-update-today')).toHaveCount(0);
  const photos = page.getByTestId('stay-update').getByRole('img');
  await expect(photos).toHaveCount(4);
  for (const img of await photos.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(640);
  }
  await expect(page.getByRole('form', { name: 'Post an update' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
