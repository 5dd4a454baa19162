import type { Page } from '@playwright/test';
import { expectNoA11yViolations, expect, test } from './fixtures';
import { holdBack } from './hold-back';

// Every public page of SPEC.md section 2, at phone and desktop widths (the two projects).

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

test.describe('public pages', () => {
  test('home: hero search, featured demo listings, how it works, hosts', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/PawStay/);
    await expect(page.getByRole('link', { name: /PawStay/ }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Featured listings come from the database: real titles and prices in rupees.
    const cards = page.getByTestId('listing-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await expect(cards.first()).toContainText('₹');
    await expect(cards.first().getByRole('img').first()).toHaveAttribute('src', /\/uploads\/photos\/.+-640\.webp$/);

    for (const step of ['Search & Filter', 'Book Your Stay', 'Connect with Host', 'Enjoy Your Stay']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Become a Host/ }).first()).toHaveAttribute('href', '/host');
    await expectNoA11yViolations(page);
  });

  test('home: the search box opens /search with the city and dates', async ({ page }) => {
    await page.goto('/');
    const city = page.getByLabel(/city/i).first();
    await city.fill('Gandhinagar');
    await page.getByRole('button', { name: /^search$/i }).first().click();
    await expect(page).toHaveURL(/\/search\?city=Gandhinagar$/);
  });

  test('header navigation and footer links', async ({ page }) => {
    await page.goto('/');
    if (isPhone(page)) {
      await page.getByRole('button', { name: /menu/i }).click();
      const menu = page.getByRole('dialog');
      for (const name of ['How It Works', 'About', 'FAQ', 'Contact']) {
        await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await menu.getByRole('link', { name: 'FAQ', exact: true }).click();
      await expect(page).toHaveURL(/\/faq$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } else {
      const nav = page.getByRole('banner').getByRole('navigation');
      for (const [name, href] of [
        ['How It Works', '/how-it-works'],
        ['About', '/about'],
        ['FAQ', '/faq'],
        ['Contact', '/contact'],
      ] as const) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await nav.getByRole('link', { name: 'About', exact: true }).click();
      await expect(page).toHaveURL(/\/about$/);
    }
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();

    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['About Us', '/about'],
      ['How It Works', '/how-it-works'],
      ['FAQ', '/faq'],
      ['Contact Us', '/contact'],
      ['Hosting Guide', '/host/guide'],
      ['Safety Tips', '/host/safety'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByText('For Hosts')).toBeVisible();
  });

  test('about: every section of SPEC.md', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Start Searching' })).toHaveAttribute('href', '/search');
    await expect(page.getByRole('link', { name: 'Become a Host' }).first()).toHaveAttribute('href', '/host');
    await expect(page.getByRole('heading', { name: 'Who We Are' })).toBeVisible();
    for (const value of ['Pet-First', 'Verified Hosts', 'Community', 'Excellence']) {
      await expect(page.getByRole('heading', { name: value, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Our Launch' })).toBeVisible();
    for (const step of ['Search & Filter', 'Book Your Stay', 'Connect with Host', 'Enjoy Your Stay']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    for (const step of ['List Your Property', 'Get Verified', 'Start Hosting']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    // The FAQ accordion opens and links to all FAQs.
    const question = page.locator('main').getByRole('button', { expanded: false }).filter({ hasText: '?' }).first();
    const name = (await question.innerText()).trim();
    await question.click();
    await expect(page.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('main').getByRole('link', { name: /FAQ/ }).last()).toHaveAttribute('href', '/faq');
    await expectNoA11yViolations(page);
  });

  test('how it works', async ({ page }) => {
    await page.goto('/how-it-works');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/How It Works/);
    await expectNoA11yViolations(page);
  });

  test('faq: three groups whose answers state the facts', async ({ page }) => {
    await page.goto('/faq');
    for (const group of ['For Pet Parents', 'For Hosts', 'Booking & Payment']) {
      await expect(page.getByRole('heading', { name: group })).toBeVisible();
    }
    const main = page.locator('main');
    const questions = main.getByRole('button').filter({ hasText: /\?$/ });
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(9);
    // Open every answer, each tapped once as a reader does (a tap taken before the app runs is
    // replayed when it does), and read the marketing facts of SPEC.md section 1.
    for (let i = 0; i < count; i++) await questions.nth(i).click();
    for (let i = 0; i < count; i++) await expect(questions.nth(i)).toHaveAttribute('aria-expanded', 'true');
    const text = await main.innerText();
    for (const fact of [/2025/, /government-issued ID/i, /5%/, /1-2 business days/, /video call/i, /24 hours after check-in/i, /14 days/, /UPI/, /net banking/i, /wallets/i, /5 days before/i]) {
      expect(text).toMatch(fact);
    }
    await expectNoA11yViolations(page);
  });

  test('contact: validation messages, then a real message sent', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByText('support@pawstay.in')).toBeVisible();
    await expect(page.getByText('India', { exact: true })).toBeVisible();
    await expect(page.getByText(/Mon-Fri/)).toBeVisible();
    await expect(page.getByText(/Sun/).filter({ hasText: /closed/i }).first()).toBeVisible();

    await page.getByLabel('Name').fill('A');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Subject').fill('Hey');
    await page.getByLabel('Message').fill('Too short');
    await page.getByRole('button', { name: /send/i }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }

    await page.getByLabel('Name').fill('Kavya Iyer');
    await page.getByLabel('Email').fill('kavya@example.com');
    await page.getByLabel('Subject').fill('Hosting my flat in Paldi');
    await page.getByLabel('Message').fill('Hello! How long does host verification take?');
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByText("Message sent! We'll get back to you soon.")).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expectNoA11yViolations(page);
  });

  test('contact: a failed send keeps the form and says so', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Kavya Iyer');
    await page.getByLabel('Email').fill('kavya@example.com');
    await page.getByLabel('Subject').fill('Hosting my flat');
    await page.getByLabel('Message').fill('Hello! How long does verification take?');
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Kavya Iyer');
  });

  for (const [path, heading] of [
    ['/host/guide', /Hosting Guide/],
    ['/host/safety', /Safety Tips/],
  ] as const) {
    test(`${path} has useful content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      expect((await page.locator('main').innerText()).length).toBeGreaterThan(800);
      await expectNoA11yViolations(page);
    });
  }

  test('unknown routes show the 404 page', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectNoA11yViolations(page);
  });

  test('the server-rendered home page stays put while its photos arrive late (no layout shift)', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.shifts += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The featured stays answer late, so the heading and the photo placeholder paint first, from
    // the server's HTML, as on a slow connection.
    await page.route('**/api/listings/featured', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const response = await page.goto('/');
    expect(await response!.text()).toContain('id="hero-title"');
    await expect(page.getByTestId('listing-card').first()).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
  });

  test('with no JavaScript at all, the server-rendered forms do no harm: the search goes to /search, the contact form keeps its details out of the address', async ({ browser }) => {
    // With JavaScript, the first-view loader holds a press until the app runs (first-tap.spec.ts);
    // without it, the browser sends the forms itself.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('search', { name: 'Find a stay' }).getByLabel('City').fill('Ahmedabad');
    await page.getByRole('search', { name: 'Find a stay' }).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?city=Ahmedabad$/);
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Meera Shah');
    await page.getByLabel('Email').fill('meera@example.com');
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/contact' && r.method() === 'POST');
    await page.getByRole('button', { name: /Send/ }).click();
    expect(new URL((await sent).url()).search).toBe('');
    await context.close();
  });

  test('a city typed into the server-rendered search before the app has run is kept once it runs', async ({ page }) => {
    // The home page's code arrives late, as on a slow connection: the visitor types meanwhile.
    const release = await holdBack(page, '**/assets/home-page-*.js');
    await page.goto('/');
    const city = page.getByRole('search', { name: 'Find a stay' }).getByLabel('City');
    await city.fill('Gandhinagar');
    release();
    // Then the dates, at once: the calendar opens only once the app runs, and the city must still
    // be what was typed (not the server's Ahmedabad) when the app sends the search.
    await page.getByRole('button', { name: /^Dates/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(city).toHaveValue('Gandhinagar');
    await page.getByRole('search', { name: 'Find a stay' }).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?city=Gandhinagar$/);
  });

  test('what is typed into the server-rendered contact form before the app has run is kept once it runs', async ({ page }) => {
    const release = await holdBack(page, '**/assets/contact-page-*.js');
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Meera Shah');
    await page.getByLabel('Message').fill('Do hosts accept rabbits?');
    release();
    // Sent at once: the press is held until the app runs, and its check finds only the two fields
    // left empty wanting, so the app's state has what was typed before it ran.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Meera Shah');
    await expect(page.getByLabel('Message')).toHaveValue('Do hosts accept rabbits?');
    await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
    await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await expect(page.getByText('Message must be at least 10 characters')).toHaveCount(0);
  });

  test('the landing page loads without errors or failed requests', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    await page.goto('/');
    await expect(page.getByTestId('listing-card').first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a page is read to its end only once its style sheet is in, so it is never laid out without it', async ({ page }) => {
    // Read to its end first, a page was laid out without its styles at DOMContentLoaded (decision 062).
    await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
      await new Promise((late) => setTimeout(late, 800));
      await route.continue();
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const sheet = [...document.styleSheets].find((s) => /\/assets\/index-[\w-]+\.css$/.test(s.href ?? ''));
        document.documentElement.dataset.styledWhenRead = String(sheet !== undefined && sheet.cssRules.length > 0);
      });
    });
    await page.goto('/search?city=Ahmedabad');
    await expect(page.locator('html')).toHaveAttribute('data-styled-when-read', 'true');
    await expect(page.getByTestId('listing-card').first()).toBeVisible();
  });
});
