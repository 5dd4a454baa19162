import { addDays, todayInIndia } from '../src/domain/dates';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, ONCE_THE_APP_RUNS, test } from './fixtures';
import { createListing } from './listings';
import { pickDates } from './stay-dates';

// Pets first (issue 24): the listing page's booking card asks for one or more of my pets, checks
// them against the home's pet policy as the server will, and says each rule that fails by name;
// the search's "For:" filter finds homes for one of my pets. At phone and desktop widths.

test.describe.configure({ timeout: 60_000 });

test('a request for two pets; a third that the policy refuses is named, and nothing is sent for it', async ({ page, browser }, info) => {
  const title = `Garden flat in Paldi for two small pets (${info.project.name})`;
  const host = await browser.newPage();
  await signInViaApi(host, uniqueEmail('two-pets-host'));
  const { id } = await createListing(host, title, { size_supported: ['small', 'medium'], max_pets: 2, pet_types: ['dog', 'cat'] });
  await host.close();

  await signInViaApi(page, uniqueEmail('two-pets-guest'));
  for (const pet of [
    { name: 'Bruno', type: 'dog', size: 'm' },
    { name: 'Mittens', type: 'cat', size: 's' },
    { name: 'Sheru', type: 'dog', size: 'l' },
  ]) {
    expect((await page.request.post('/api/pets', { data: pet })).status()).toBe(201);
  }
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/bookings') sent.push(r.postData() ?? '');
  });

  await page.goto(`/listing/${id}`);
  const pets = page.getByRole('group', { name: "Who's coming" });
  // The first pet the home welcomes is chosen to start with.
  await expect(pets.getByRole('checkbox', { name: /^Bruno/ })).toBeChecked(ONCE_THE_APP_RUNS);
  await expect(pets.getByRole('checkbox', { name: /^Mittens/ })).not.toBeChecked();
  await pets.getByRole('checkbox', { name: /^Mittens/ }).check();
  await pets.getByRole('checkbox', { name: /^Sheru/ }).check();
  // Every rule that fails, by name, before anything is sent.
  const problems = pets.getByRole('status');
  await expect(problems).toContainText('This home takes at most 2 pets; you chose 3');
  await expect(problems).toContainText('Sheru is large; this home takes small and medium pets');
  await expectNoA11yViolations(page);

  const from = addDays(todayInIndia(), 25);
  await pickDates(page, from, addDays(from, 2));
  await page.getByRole('button', { name: 'Request to Book' }).click();
  await expect(page.getByText('Sheru is large; this home takes small and medium pets').last()).toBeVisible();
  expect(sent).toEqual([]);

  await pets.getByRole('checkbox', { name: /^Sheru/ }).uncheck();
  await expect(problems).toBeEmpty();
  await expect(pets).toContainText('Up to 2 pets');
  await page.getByRole('button', { name: 'Request to Book' }).click();
  await expect(page.getByText('Booking request sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(sent).toHaveLength(1);
  const mine = (await (await page.request.get('/api/bookings')).json()).results;
  expect(mine[0].pets.map((p: { name: string }) => p.name)).toEqual(['Bruno', 'Mittens']);
  // The dashboard names both.
  await expect(page.getByTestId('booking-card').filter({ hasText: title })).toContainText('Bruno');
});

test('the server refuses a pet the policy does not accept, with the rule by name', async ({ page, browser }, info) => {
  const host = await browser.newPage();
  await signInViaApi(host, uniqueEmail('cats-host'));
  const { id } = await createListing(host, `Cat flat with window seats (${info.project.name})`, { pet_types: ['cat'], vaccinations_required: true });
  await host.close();

  await signInViaApi(page, uniqueEmail('dog-guest'));
  const bruno = await (await page.request.post('/api/pets', { data: { name: 'Bruno', type: 'dog', size: 's' } })).json();
  const from = addDays(todayInIndia(), 30);
  const res = await page.request.post('/api/bookings', { data: { listingId: id, petIds: [bruno.id], fromDate: from, toDate: addDays(from, 2) } });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.message).toBe(
    "Bruno is a dog; this home takes cats only. This home asks for vaccinations: add Bruno's rabies vaccination to the profile. This home asks for vaccinations: add Bruno's DHPPi vaccination to the profile",
  );

  // The card says the same before the guest tries.
  await page.goto(`/listing/${id}`);
  const problems = page.getByRole('group', { name: "Who's coming" }).getByRole('status');
  await expect(problems).toContainText('Bruno is a dog; this home takes cats only', ONCE_THE_APP_RUNS);
  await expect(problems).toContainText("add Bruno's rabies vaccination to the profile");
});

test('search "For: my pet" writes the pet as filters in the URL, never the pet', async ({ page }) => {
  await signInViaApi(page, uniqueEmail('for-pet'));
  const motu = await (await page.request.post('/api/pets', { data: { name: 'Motu', type: 'cat', size: 'm' } })).json();
  expect(motu.id).toBeTruthy();

  await page.goto('/search?city=Ahmedabad');
  // On a phone the filters fold behind the summary.
  const summary = page.getByRole('button', { name: /Show filters/ });
  if (await summary.isVisible()) await summary.click();
  const forPet = page.getByLabel('For', { exact: true });
  await expect(forPet).toHaveValue('any', ONCE_THE_APP_RUNS);
  await forPet.selectOption({ label: 'Motu' });
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/[?&]type=cat(&|$)/);
  const url = new URL(page.url());
  expect(url.searchParams.get('size')).toBe('medium');
  expect(url.searchParams.get('vaccinated')).toBe('false');
  expect(url.search).not.toContain(motu.id);

  // Every home found takes a medium cat without vaccinations on record.
  const found = (await (await page.request.get(`/api/search${url.search}`)).json()).results as { id: string }[];
  expect(found.length).toBeGreaterThan(0);
  for (const { id } of found.slice(0, 5)) {
    const listing = await (await page.request.get(`/api/listings/${id}`)).json();
    expect(listing.pet_types).toContain('cat');
    expect(listing.size_supported).toContain('medium');
    expect(listing.vaccinations_required).toBe(false);
  }

  // The shared URL reads back as "For: Motu".
  await page.reload();
  if (await summary.isVisible()) await summary.click();
  await expect(page.getByLabel('For', { exact: true })).toHaveValue(motu.id, ONCE_THE_APP_RUNS);
  await expectNoA11yViolations(page);
});
