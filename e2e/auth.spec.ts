import { randomBytes } from 'node:crypto';
import { sendCodeFrom, signInViaApi, uniqueEmail } from './auth-helpers';
import { expectNoA11yViolations, expect, test } from './fixtures';
import { holdBack } from './hold-back';
import { mailCount, readSignInCode, readSignInLink } from './mail';

const isPhone = (page: import('@playwright/test').Page) => (page.viewportSize()?.width ?? 0) < 768;

test.describe('passwordless sign-in', () => {
  // Each test walks several pages and waits for real e-mail; a loaded 2-core machine needs room.
  test.describe.configure({ timeout: 60_000 });

  test('a new address signs up with the e-mailed code, stays signed in, and signs out', async ({ page }) => {
    const email = uniqueEmail('sana');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);

    // The email step: required, Enter submits.
    const emailInput = dialog.getByLabel('Email');
    await emailInput.press('Enter');
    await expect(dialog.getByText('Please enter your email')).toBeVisible();
    await emailInput.fill(email);
    await emailInput.press('Enter');
    await expect(page.getByText('OTP sent to your email')).toBeVisible();

    // The otp step: max length 6, placeholder, required; Back clears the code.
    const codeInput = dialog.getByPlaceholder('Enter 6-digit code');
    await expect(codeInput).toHaveAttribute('maxlength', '6');
    await codeInput.press('Enter');
    await expect(dialog.getByText('Please enter the OTP')).toBeVisible();
    await codeInput.fill('12');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    const sent = mailCount(email);
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await expect(dialog.getByPlaceholder('Enter 6-digit code')).toHaveValue('');

    const code = await readSignInCode(email, sent);
    await dialog.getByPlaceholder('Enter 6-digit code').fill(code);
    await dialog.getByPlaceholder('Enter 6-digit code').press('Enter');
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The avatar shows the first letter of the e-mail in upper case, and survives a reload.
    // The letter is what shows; the button's name ("Account menu") is screen-reader text beside it.
    const letter = () => page.getByRole('button', { name: 'Account menu' }).locator('span[aria-hidden="true"]').first();
    await expect(letter()).toHaveText('S');
    await page.reload();
    await expect(letter()).toHaveText('S');
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);

    // The menu of SPEC.md; How It Works / FAQ / Contact only on phones.
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    for (const item of ['Search Listings', 'My Bookings', 'Messages', 'Host Dashboard', 'Profile Settings', 'Sign Out']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    for (const item of ['How It Works', 'FAQ', 'Contact']) {
      await expect(menu.getByRole('menuitem', { name: item, exact: true })).toHaveCount(isPhone(page) ? 1 : 0);
    }
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();

    // The session is over on the server: a guarded page sends us home.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong code says "Invalid OTP" and keeps the dialog open', async ({ page }) => {
    const email = uniqueEmail('wrong');
    await page.goto('/about');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    const code = await readSignInCode(email);
    await dialog.getByPlaceholder('Enter 6-digit code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid OTP')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  });

  // Issue 34, hole 7: a stranger's requests for an address held its owner's new browser back for
  // an hour. The refusal now says where the way in is, and the link in any of the mails signs in.
  test("a stranger's 20 code requests from 5 browsers, and the owner still signs in on a new browser with the e-mail's link", async ({ page }) => {
    const email = uniqueEmail('flooded');
    // The stranger: 5 browsers, each from an address of its own (127.251.x.y: no other test's),
    // 4 requests each. The address's ceiling on strangers lets 5 through.
    const worker = process.pid % 250;
    const strangers = Array.from({ length: 5 }, (_, i) => ({ ip: `127.251.${worker}.${i + 1}`, browser: randomBytes(32).toString('base64url') }));
    const answers: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const { ip, browser } of strangers) answers.push((await sendCodeFrom(ip, email, browser)).status);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
    await expect.poll(() => mailCount(email)).toBe(5);

    // The owner, on this browser, which has never signed in: refused, and told of the link.
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('Failed to send OTP')).toBeVisible();
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toHaveText(
      'Too many codes requested. To sign in now, open the link in the newest sign-in e-mail sent to this address, or wait a while and try again.',
    );
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The newest mail was asked for by the stranger; its link opens a page that asks first.
    const link = await readSignInLink(email, 4);
    expect(link).toMatch(/^\/sign-in#[\w-]{43}$/);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: `Sign in as ${email}?` })).toBeVisible();
    await expect(page.getByText('If someone sent you this link, close this page')).toBeVisible();
    // The token leaves the address bar and the history once read; the page keeps it to confirm.
    await expect(page).toHaveURL(/\/sign-in$/);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const letter = page.getByRole('button', { name: 'Account menu' }).locator('span[aria-hidden="true"]').first();
    await expect(letter).toHaveText('F');

    // The link worked once: opened again, it says so, and (signed out) offers a code instead.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This sign-in link no longer works' })).toBeVisible();
    await expect(page.getByText(`This browser is signed in as ${email}.`)).toBeVisible();
    await page.context().clearCookies();
    await page.goto('/about');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This sign-in link no longer works' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with a code' }).click();
    await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
  });

  for (const path of ['/dashboard', '/pets', '/messages', '/profile']) {
    test(`${path} redirects to / when signed out`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    });
  }
});

test('the account button opens its menu when pressed just as the menu arrives', async ({ page }) => {
  // Found by CI: the avatar stands in for the menu until the menu's code has come (fetched when
  // the pointer reaches it). The code came between the press's pointer down, on the stand-in, and
  // its click, on the menu's own button: that button opens on pointer down, which it never saw,
  // and the stand-in opens on click, which it never got. Here the window is made certain.
  await signInViaApi(page, uniqueEmail('mid-press'));
  const release = await holdBack(page, '**/assets/user-menu-*.js');
  const menuCode = page.waitForRequest('**/assets/user-menu-*.js');
  await page.goto('/about');
  const account = page.getByRole('button', { name: 'Account menu' });
  const box = (await account.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await menuCode;
  await page.mouse.down();
  release();
  // The menu opens as the press goes down, as its own button does, and the press's click leaves it open.
  const bookings = page.getByRole('menu').getByRole('menuitem', { name: 'My Bookings' });
  await expect(bookings).toBeVisible();
  await page.mouse.up();
  await expect(bookings).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(1);
});
