import sharp from 'sharp';
import { addDays, addYears, formatDocumentDate, todayInIndia } from '../src/domain/dates';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, ONCE_THE_APP_RUNS, test } from './fixtures';
import { createListing } from './listings';

// Pets first (issue 24), the owner's side: /pets adds a whole profile through its form (photo,
// weight and the size it suggests, birth date and age, spayed/neutered, vaccinations with a
// certificate), the card shows it after a reload, the certificate opens for its owner and for no
// other account, and a pet in a stay not yet over says why it cannot be removed. At phone and
// desktop widths, each test with accounts of its own.

test.describe.configure({ timeout: 90_000 });

const jpeg = () => sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 196, g: 140, b: 92 } } }).jpeg({ quality: 80 }).toBuffer();

/** A small but real PDF: the server reads the file's first bytes, not its name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('add a pet with a photo and a rabies certificate: the card shows them, and the certificate is private', async ({ page, browser }) => {
  await signInViaApi(page, uniqueEmail('pets-profile'));
  await page.goto('/pets');
  await page.getByRole('button', { name: 'Add Pet' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Pet' });
  await expect(dialog).toBeVisible(ONCE_THE_APP_RUNS);

  // The photo: chosen, seen, sent once the pet is saved.
  const photoChooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose photo' }).click();
  await (await photoChooser).setFiles({ name: 'bruno.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
  await expect(dialog.getByRole('img', { name: 'The chosen photo' })).toBeVisible();
  await expect(dialog.getByText('bruno.jpg: sent when you save')).toBeVisible();

  await dialog.getByLabel('Name').fill('Bruno');
  await dialog.getByLabel('Type').selectOption('dog');
  await dialog.getByLabel('Breed').fill('Indian Pariah (Indie)');

  // The weight suggests the size, which follows it until the owner picks one.
  await dialog.getByLabel('Weight (kg)').fill('18.5');
  await expect(dialog.getByText('Suggested from 18.5 kg: Medium')).toBeVisible();
  await expect(dialog.getByLabel('Size')).toHaveValue('m');
  await dialog.getByLabel('Weight (kg)').fill('4');
  await expect(dialog.getByLabel('Size')).toHaveValue('xs');
  await dialog.getByLabel('Weight (kg)').fill('18.5');
  await expect(dialog.getByLabel('Size')).toHaveValue('m');

  const today = todayInIndia();
  await dialog.getByLabel('Birth date').fill(addYears(today, -3));
  await expect(dialog.getByTestId('pet-age')).toHaveText('3 years old');
  await dialog.getByRole('radio', { name: 'Yes' }).check();

  // Rabies a month ago: due again in eleven months, with its certificate. The core vaccine is a dog's.
  const given = addDays(today, -30);
  const due = formatDocumentDate(addYears(given, 1));
  const rabies = dialog.getByTestId('vaccination-field-rabies');
  await rabies.getByLabel('Rabies given on').fill(given);
  await expect(rabies).toContainText(`Due ${due}`);
  const certificateChooser = page.waitForEvent('filechooser');
  await rabies.getByRole('button', { name: 'Add certificate for Rabies' }).click();
  await (await certificateChooser).setFiles({ name: 'rabies.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(rabies).toContainText('rabies.pdf: sent when you save');
  await expect(dialog.getByLabel('DHPPi given on')).toBeVisible();
  await dialog.getByLabel('Temperament').fill('Calm with people, wary of big dogs');
  await expectNoA11yViolations(page);

  await dialog.getByRole('button', { name: 'Add Pet' }).click();
  await expect(page.getByText('Pet added successfully!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const expectCard = async () => {
    const card = page.getByTestId('pet-card').filter({ hasText: 'Bruno' });
    const photo = card.getByRole('img', { name: 'Photo of Bruno' });
    await expect(photo).toHaveAttribute('src', /\/uploads\/photos\/.+-640\.webp$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(card).toContainText('Indian Pariah (Indie)');
    await expect(card).toContainText('3 years');
    await expect(card).toContainText('18.5 kg');
    await expect(card).toContainText('Medium');
    await expect(card.getByTestId('vaccination-rabies')).toContainText(`Current until ${due}`);
    await expect(card.getByTestId('vaccination-rabies')).toContainText('Certificate');
    await expect(card.getByTestId('vaccination-core')).toContainText('DHPPi');
    await expect(card.getByTestId('vaccination-core')).toContainText('Not recorded');
    return card;
  };
  await expectCard();
  await expectNoA11yViolations(page);

  await page.reload();
  const card = await expectCard();

  // The certificate, from the edit form's View link: its owner's, never cached.
  await card.getByRole('button', { name: 'Edit Bruno' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bruno' });
  await expect(edit.getByTestId('vaccination-field-rabies')).toContainText('Certificate on file', ONCE_THE_APP_RUNS);
  const view = edit.getByRole('link', { name: /View the Rabies certificate/ });
  await expect(view).toHaveAttribute('target', '_blank');
  const href = (await view.getAttribute('href'))!;
  const mine = await page.request.get(href);
  expect(mine.status()).toBe(200);
  expect(mine.headers()['cache-control']).toBe('no-store');
  expect((await mine.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Another account, in a browser of its own: nothing there, by that address or any other.
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signInViaApi(other, uniqueEmail('pets-stranger'));
    expect((await other.request.get(href)).status()).toBe(404);
  } finally {
    await otherContext.close();
  }

  // A new dose leaves the old certificate behind, and the photo can go: the form says both before saving.
  await edit.getByRole('button', { name: 'Remove photo' }).click();
  await expect(edit.getByText('Removed when you save')).toBeVisible();
  const newer = addDays(today, -7);
  await edit.getByLabel('Rabies given on').fill(newer);
  await expect(edit.getByTestId('vaccination-field-rabies')).toContainText(`The certificate of the dose of ${formatDocumentDate(given)} is removed when you save the new date.`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Pet updated successfully!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card.getByTestId('pet-photo-placeholder')).toBeVisible();
  await expect(card.getByTestId('vaccination-rabies')).toContainText(`Current until ${formatDocumentDate(addYears(newer, 1))}`);
  await expect(card.getByTestId('vaccination-rabies')).not.toContainText('Certificate');
  expect((await page.request.get(href)).status()).toBe(404);
});

test('a pet in a stay not yet over says why it cannot be removed; another can be', async ({ page, browser }, info) => {
  // The host and the listing, in a browser of their own.
  const hostContext = await browser.newContext();
  const title = `Garden home in Satellite for two dogs (${info.project.name} ${Date.now().toString(36)})`;
  let listingId: string;
  try {
    const host = await hostContext.newPage();
    await signInViaApi(host, uniqueEmail('pets-host'));
    listingId = (await createListing(host, title, { pet_types: ['dog'], size_supported: ['small', 'medium'], max_pets: 2 })).id;
  } finally {
    await hostContext.close();
  }

  await signInViaApi(page, uniqueEmail('pets-booked'));
  const monthAgo = addDays(todayInIndia(), -30);
  const pet = (name: string) => ({ name, type: 'dog', size: 's', vaccinations: { rabies: monthAgo, core: monthAgo } });
  const laddoo = await page.request.post('/api/pets', { data: pet('Laddoo') });
  expect(laddoo.status(), await laddoo.text()).toBe(201);
  expect((await page.request.post('/api/pets', { data: pet('Kaju') })).status()).toBe(201);
  const from = addDays(todayInIndia(), 20 + Math.floor(Math.random() * 60));
  const booked = await page.request.post('/api/bookings', {
    data: { listingId, fromDate: from, toDate: addDays(from, 2), petIds: [(await laddoo.json()).id], note: 'Laddoo sleeps on a mat.' },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.goto('/pets');
  const why = `Booked for ${title} from ${formatDocumentDate(from)}: you can remove this profile once that stay is over.`;
  const laddooCard = page.getByTestId('pet-card').filter({ hasText: 'Laddoo' });
  await expect(laddooCard.getByTestId('pet-booked')).toHaveText(why);
  await expect(laddooCard.getByRole('button', { name: /remove/i })).toHaveCount(0);
  const kajuCard = page.getByTestId('pet-card').filter({ hasText: 'Kaju' });
  await expect(kajuCard.getByRole('button', { name: 'Remove Kaju' })).toBeVisible();
  await expect(kajuCard.getByTestId('vaccination-core')).toContainText('Current until');

  // The form says so too.
  await laddooCard.getByRole('button', { name: 'Edit Laddoo' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Laddoo' });
  await expect(edit.getByTestId('pet-booked')).toHaveText(why, ONCE_THE_APP_RUNS);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await kajuCard.getByRole('button', { name: 'Remove Kaju' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('pet-card').filter({ hasText: 'Kaju' })).toHaveCount(0);
  await expect(page.getByTestId('pet-card').filter({ hasText: 'Laddoo' })).toBeVisible();
});
