import sharp from 'sharp';
import { addDays, addYears, todayInIndia } from '../src/domain/dates';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, ONCE_THE_APP_RUNS, test } from './fixtures';
import { createListing } from './listings';

// Pets first (issue 24): a host writes the home's pet policy on the listing form and guests read
// it on the listing page; a host reads the profiles of a request's pets (photo, age, vaccinations
// on the stay's first day, certificates) before answering. At phone and desktop widths.

test.describe.configure({ timeout: 90_000 });

const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r, g, b } } }).jpeg({ quality: 80 }).toBuffer();

/** A small but real PDF: the server reads the file's first bytes, not its name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a host sets a pet policy on the listing form, and the listing page shows it', async ({ page }, info) => {
  const title = `Cat-calm flat with window seats in Paldi (${info.project.name} ${Date.now().toString(36)})`;
  await signInViaApi(page, uniqueEmail('policy-host'));
  await page.goto('/host/listing/new');

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('A quiet first-floor flat with wide window seats, scratching posts and a cat-safe balcony net.');
  await page.getByLabel('Address', { exact: true }).fill('7 Pritam Nagar, Paldi, Ahmedabad');
  await page.getByLabel('Locality', { exact: true }).fill('Paldi');
  await page.getByLabel('Nightly price').fill('1400');

  const policy = page.getByRole('region', { name: 'Pet policy' });
  // Both types to start with; neither is refused with the field's own message.
  await expect(policy.getByRole('checkbox', { name: 'Dogs' })).toBeChecked();
  await policy.getByRole('checkbox', { name: 'Dogs' }).uncheck();
  await policy.getByRole('checkbox', { name: 'Cats' }).uncheck();
  // A pet of the host's with no line is refused under the list.
  await policy.getByRole('button', { name: 'Add a pet of yours' }).click();
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(policy.getByRole('group', { name: 'Pets accepted' })).toContainText('Choose dogs, cats or both');
  await expect(policy.getByRole('group', { name: 'Your own pets' })).toContainText('Describe your pet in a line');
  await expect(policy.getByLabel('Your pet 1: in a line')).toHaveAttribute('aria-invalid', 'true');

  // Cats only, vaccinations required, a house rule and a note, and one pet of the host's.
  await policy.getByRole('checkbox', { name: 'Cats' }).check();
  await expect(policy.getByRole('group', { name: 'Pets accepted' })).not.toContainText('Choose dogs, cats or both');
  await policy.getByRole('switch', { name: 'Vaccinations required' }).check();
  await policy.getByRole('checkbox', { name: 'Not on the bed' }).check();
  await policy.getByLabel('Other house rules').fill('Meals at 8 and 7, please.');
  await policy.getByLabel('Your pet 1: kind').selectOption('Cat');
  await policy.getByLabel('Your pet 1: in a line').fill('Kesar, a shy orange cat who keeps to the study');
  await expect(policy.getByRole('group', { name: 'Your own pets' })).not.toContainText('Describe your pet in a line');
  // At the end of the form its sticky Save bar covers no field (axe measures what it leaves of each).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Listing created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/host$/);

  const mine = (await (await page.request.get('/api/host/listings')).json()).results as { id: string; title: string }[];
  const id = mine.find((l) => l.title === title)!.id;
  const saved = await (await page.request.get(`/api/listings/${id}`)).json();
  expect(saved).toMatchObject({
    pet_types: ['cat'],
    vaccinations_required: true,
    house_rules: ['not_on_bed'],
    house_rules_note: 'Meals at 8 and 7, please.',
    host_pets: [{ kind: 'cat', line: 'Kesar, a shy orange cat who keeps to the study' }],
  });

  // The listing page, as a guest reads it (the server renders it).
  await page.goto(`/listing/${id}`);
  const section = page.getByRole('region', { name: 'Pet policy' });
  await expect(section).toContainText('Cats only');
  await expect(section).toContainText('2 pets per stay');
  await expect(section).toContainText('Required');
  await expect(section).toContainText("Rabies and FVRCP, current on the stay's first day");
  await expect(section.getByRole('region', { name: 'House rules' })).toContainText('Not on the bed');
  await expect(section.getByRole('region', { name: 'House rules' })).toContainText('Meals at 8 and 7, please.');
  await expect(section.getByRole('region', { name: 'Pets who live here' })).toContainText('Cat · Kesar, a shy orange cat who keeps to the study');
  await expect(section.getByRole('region', { name: 'Accepted pet sizes' })).toContainText('Small (under 10kg)');
  await expectNoA11yViolations(page);

  // The edit form starts from what was saved; a change is kept.
  await page.goto(`/host/listing/${id}/edit`);
  const editing = page.getByRole('region', { name: 'Pet policy' });
  await expect(editing.getByRole('checkbox', { name: 'Cats' })).toBeChecked(ONCE_THE_APP_RUNS);
  await expect(editing.getByRole('checkbox', { name: 'Dogs' })).not.toBeChecked();
  await expect(editing.getByRole('switch', { name: 'Vaccinations required' })).toBeChecked();
  await expect(editing.getByRole('checkbox', { name: 'Not on the bed' })).toBeChecked();
  await expect(editing.getByLabel('Other house rules')).toHaveValue('Meals at 8 and 7, please.');
  await expect(editing.getByLabel('Your pet 1: in a line')).toHaveValue('Kesar, a shy orange cat who keeps to the study');
  await editing.getByRole('checkbox', { name: 'Dogs' }).check();
  await editing.getByRole('button', { name: /^Remove your pet 1/ }).click();
  await expect(editing.getByLabel('Your pet 1: in a line')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Listing updated')).toBeVisible();
  const edited = await (await page.request.get(`/api/listings/${id}`)).json();
  expect(edited).toMatchObject({ pet_types: ['dog', 'cat'], vaccinations_required: true, host_pets: [] });
});

test("a request for two pets: the host's Requests tab shows each pet's profile and certificate", async ({ page, browser }, info) => {
  const title = `Shaded bungalow in Bodakdev for two pets (${info.project.name} ${Date.now().toString(36)})`;
  await signInViaApi(page, uniqueEmail('profiles-host'));
  const { id } = await createListing(page, title, { pet_types: ['dog', 'cat'], size_supported: ['small', 'medium'], max_pets: 2 });

  // The guest, in a browser of their own, through the API.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await signInViaApi(guest, uniqueEmail('profiles-guest'));
  const guestName = `Anaya ${info.project.name}`;
  expect((await guest.request.patch('/api/me', { data: { name: guestName, phone: '' } })).ok()).toBe(true);

  const today = todayInIndia();
  const from = addDays(today, 30 + Math.floor(Math.random() * 60));
  const monthAgo = addDays(today, -30);
  const bruno = await guest.request.post('/api/pets', {
    data: {
      name: 'Bruno',
      type: 'dog',
      breed: 'Indian Pariah',
      size: 'm',
      weight_kg: 18.5,
      birth_date: addYears(today, -3),
      neutered: true,
      temperament: 'Calm with people, wary of big dogs',
      notes: 'Dinner at 7; a walk before bed.',
      vaccinations: { rabies: monthAgo, core: monthAgo },
    },
  });
  expect(bruno.status(), await bruno.text()).toBe(201);
  // Mittens's rabies dose turns a year old before the stay starts; her FVRCP is not on record.
  const mittens = await guest.request.post('/api/pets', {
    data: { name: 'Mittens', type: 'cat', size: 's', birth_date: addDays(today, -400), neutered: false, vaccinations: { rabies: addDays(from, -370), core: null } },
  });
  expect(mittens.status(), await mittens.text()).toBe(201);
  const [brunoId, mittensId] = [(await bruno.json()).id as string, (await mittens.json()).id as string];

  for (const [petId, shade] of [[brunoId, 150], [mittensId, 90]] as const) {
    const photo = await guest.request.put(`/api/pets/${petId}/photo`, { multipart: { photo: { name: 'pet.jpg', mimeType: 'image/jpeg', buffer: await jpeg(shade, 110, 80) } } });
    expect(photo.status(), await photo.text()).toBe(200);
  }
  const certificate = await guest.request.put(`/api/pets/${brunoId}/vaccinations/rabies/certificate`, {
    multipart: { certificate: { name: 'rabies.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(certificate.status(), await certificate.text()).toBe(200);

  const booked = await guest.request.post('/api/bookings', {
    data: { listingId: id, fromDate: from, toDate: addDays(from, 3), petIds: [brunoId, mittensId], note: 'Bruno and Mittens are old friends.' },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  // The host reads both pets before answering.
  await page.goto('/host?tab=requests');
  const request = page.getByTestId('booking-request').filter({ hasText: guestName });
  await expect(request).toContainText('Bruno and Mittens');
  const pets = request.getByTestId('pet-on-stay');
  await expect(pets).toHaveCount(2);

  const dog = pets.filter({ hasText: 'Bruno' });
  await expect(dog.getByRole('img', { name: 'Photo of Bruno' })).toHaveAttribute('src', /\/uploads\/photos\/.+-640\.webp$/);
  await expect(dog).toContainText('Dog · Indian Pariah');
  await expect(dog).toContainText('Medium (10-25kg)');
  await expect(dog).toContainText('3 years');
  await expect(dog).toContainText('18.5 kg');
  await expect(dog).toContainText('Calm with people, wary of big dogs');
  await expect(dog).toContainText('Dinner at 7; a walk before bed.');
  await expect(dog.getByTestId('vaccination-rabies')).toHaveText('Current');
  await expect(dog.getByTestId('vaccination-core')).toHaveText('Current');
  const link = dog.getByRole('link', { name: "Bruno's Rabies Certificate (opens in a new tab)" });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(dog.getByRole('link', { name: /DHPPi Certificate/ })).toHaveCount(0);

  const cat = pets.filter({ hasText: 'Mittens' });
  await expect(cat.getByRole('img', { name: 'Photo of Mittens' })).toBeVisible();
  await expect(cat).toContainText('1 year');
  await expect(cat).toContainText('Small (under 10kg)');
  await expect(cat.getByTestId('vaccination-rabies')).toHaveText('Due');
  await expect(cat.getByTestId('vaccination-core')).toHaveText('Not recorded');
  await expect(cat).toContainText('FVRCP');
  await expectNoA11yViolations(page);

  // The certificate opens for the host while the request is open.
  const opened = await page.request.get((await link.getAttribute('href'))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toContain('application/pdf');

  // The guest's dashboard names both pets.
  await guest.goto('/dashboard');
  await expect(guest.getByTestId('booking-card').filter({ hasText: title })).toContainText('Bruno and Mittens');
  await guestContext.close();
});
