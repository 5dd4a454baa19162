import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expectNoA11yViolations, expect, test } from './fixtures';

test.describe('signed-in pages', () => {
  // Each test walks several pages and waits for real e-mail; a loaded 2-core machine needs room.
  test.describe.configure({ timeout: 60_000 });

  test('profile: name and phone saved, e-mail read-only', async ({ page }) => {
    const email = uniqueEmail('profile');
    await signInViaApi(page, email);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    const emailField = page.getByLabel('Email');
    await expect(emailField).toHaveValue(email);
    await expect(emailField).toHaveAttribute('readonly', '');
    await expect(page.getByText(/cannot be changed/i)).toBeVisible();

    await page.getByLabel('Name').fill('Ritu Joshi');
    await page.getByLabel('Phone').fill('12345');
    await page.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText('Enter a valid Indian mobile number')).toBeVisible();

    await page.getByLabel('Phone').fill('098765 43210');
    await page.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Ritu Joshi');
    await expect(page.getByLabel('Phone')).toHaveValue('+919876543210');
    await expectNoA11yViolations(page);
  });

  test('profile: a failed save says so', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('profile-fail'));
    await page.goto('/profile');
    await page.route('**/api/me', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await page.getByLabel('Name').fill('Someone');
    await page.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText('Failed to update profile')).toBeVisible();
  });

  test('pets: empty state, validation, add, edit and remove', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('pets'));
    await page.goto('/pets');
    await expect(page.getByRole('heading', { name: 'My Pets' })).toBeVisible();
    await expect(page.getByText(/no pets yet/i)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Add Pet' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /save|add pet/i }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('N'.repeat(51));
    await dialog.getByRole('button', { name: /save|add pet/i }).click();
    await expect(dialog.getByText('Name must be less than 50 characters')).toBeVisible();

    await dialog.getByLabel('Name').fill('Bruno');
    await dialog.getByLabel('Type').selectOption('dog');
    await dialog.getByLabel('Breed').fill('Indie');
    await dialog.getByLabel('Size').selectOption('l');
    await dialog.getByLabel('Notes').fill('Afraid of fireworks; loves the park.');
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: /save|add pet/i }).click();
    await expect(page.getByText('Pet added successfully!')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const card = page.getByTestId('pet-card').filter({ hasText: 'Bruno' });
    await expect(card).toContainText('Indie');
    await expect(card).toContainText(/large/i);

    await card.getByRole('button', { name: /edit/i }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Bruno Jr');
    await page.getByRole('dialog').getByRole('button', { name: /save/i }).click();
    await expect(page.getByTestId('pet-card').filter({ hasText: 'Bruno Jr' })).toBeVisible();

    await page.reload();
    const saved = page.getByTestId('pet-card').filter({ hasText: 'Bruno Jr' });
    await saved.getByRole('button', { name: /remove|delete/i }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: /remove|delete/i }).click();
    await expect(page.getByTestId('pet-card')).toHaveCount(0);
    await expect(page.getByText(/no pets yet/i)).toBeVisible();
  });

  test('pets: a failed add says so and keeps the dialog', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('pets-fail'));
    await page.goto('/pets');
    await page.route('**/api/pets', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Add Pet' }).first().click();
    await page.getByRole('dialog').getByLabel('Name').fill('Misti');
    await page.getByRole('dialog').getByRole('button', { name: /save|add pet/i }).click();
    await expect(page.getByText('Failed to add pet')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('dashboard tabs and messages', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('dash'));
    await page.goto('/dashboard');
    const tabs = page.getByRole('tablist');
    for (const tab of ['Bookings', 'My Pets', 'Favorites']) await expect(tabs.getByRole('tab', { name: tab })).toBeVisible();
    await expectNoA11yViolations(page);
    await tabs.getByRole('tab', { name: 'My Pets' }).click();
    await page.getByRole('tabpanel').getByRole('link', { name: /pets/i }).first().click();
    await expect(page).toHaveURL(/\/pets$/);

    await page.goto('/messages');
    await expect(page.getByText('No messages yet')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
