import { devices, type Page } from '@playwright/test';
import { addDays, todayInIndia } from '../src/domain/dates';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expectNoA11yViolations, expect, ONCE_THE_APP_RUNS, test } from './fixtures';
import { holdBack } from './hold-back';

// /search (SPEC.md sections 2-4, issue 6): filters and the URL, list states, the map, and the
// detail sheet's Request to Book, at phone and desktop widths.

test.describe.configure({ timeout: 60_000 });

type Card = { id: string; title: string; price_per_night: number; verified: boolean; size_supported: string[] };
type Answer = { results: Card[]; total: number; totalCapped: boolean };

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/**
 * Opens a search and waits for its heading: the server sends the page with its results (decision
 * 013), and what is pressed before the app runs is acted on once it does (decision 018).
 */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
}

/** On a phone the filters fold behind the summary of the search; this opens them. */
async function showFilters(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: /Show filters/ }).click();
}

const filters = (page: Page) => page.getByRole('search', { name: 'Search filters' });
const cards = (page: Page) => page.getByTestId('listing-card');

/**
 * The answer to the next search the page makes with `params`: a search asked for before (the
 * page's own, as it starts) may answer after the test has pressed, with other results.
 */
function nextSearch(page: Page, params: Record<string, string>): Promise<Answer> {
  return page
    .waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/search' && Object.entries(params).every(([name, value]) => url.searchParams.get(name) === value);
    })
    .then((r) => r.json());
}

test.describe('search page', () => {
  test('filters go into the URL, every result satisfies them, and Clear resets to Ahmedabad only', async ({ page }) => {
    await open(page, '/search?city=Ahmedabad');
    await expect(cards(page).first()).toBeVisible();

    await showFilters(page);
    const bar = filters(page);
    await expect(bar.getByLabel('City')).toHaveValue('Ahmedabad');
    // The slider starts at SPEC.md's defaults, 500 to 3000.
    await expect(bar.getByRole('slider', { name: 'Minimum price' })).toHaveValue('500');
    await expect(bar.getByRole('slider', { name: 'Maximum price' })).toHaveValue('3000');

    await bar.getByRole('button', { name: 'Small', exact: true }).click();
    await expect(bar.getByRole('button', { name: 'Small', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await bar.getByRole('switch', { name: 'Verified Hosts Only' }).click();
    // Five steps of ₹100 down on the maximum, with the keyboard.
    await bar.getByRole('slider', { name: 'Maximum price' }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await expect(bar.getByRole('slider', { name: 'Maximum price' })).toHaveValue('2500');
    // Nothing is searched before Apply.
    await expect(page).toHaveURL(/\/search\?city=Ahmedabad$/);

    const answer = nextSearch(page, { maxPrice: '2500', size: 'small', verified: 'true' });
    await bar.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\/search\?city=Ahmedabad&minPrice=500&maxPrice=2500&size=small&verified=true$/);
    const { results } = await answer;
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(r.verified).toBe(true);
      expect(r.size_supported).toContain('small');
      expect(r.price_per_night).toBeGreaterThanOrEqual(500);
      expect(r.price_per_night).toBeLessThanOrEqual(2500);
    }
    await expect(cards(page)).toHaveCount(results.length);
    for (const card of await cards(page).all()) await expect(card.getByText('Verified')).toBeVisible();

    // Reload restores the search: the bar shows it and the same results come back.
    await page.reload();
    await expect(cards(page)).toHaveCount(results.length, { timeout: 20_000 });
    await showFilters(page);
    await expect(filters(page).getByRole('button', { name: 'Small', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(filters(page).getByRole('switch', { name: 'Verified Hosts Only' })).toBeChecked();
    await expect(filters(page).getByRole('slider', { name: 'Maximum price' })).toHaveValue('2500');

    await filters(page).getByRole('button', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/search\?city=Ahmedabad$/);
    await showFilters(page);
    await expect(filters(page).getByRole('button', { name: 'Small', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(filters(page).getByRole('slider', { name: 'Maximum price' })).toHaveValue('3000');

    // Back brings the filtered search back, bar and all.
    await page.goBack();
    await expect(page).toHaveURL(/size=small&verified=true$/);
    await expect(cards(page)).toHaveCount(results.length);
    await showFilters(page);
    await expect(filters(page).getByRole('button', { name: 'Small', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a new city and dates from the filter bar; sort and pages are in the URL too', async ({ page }) => {
    await open(page, '/search?city=Ahmedabad');
    await showFilters(page);
    const bar = filters(page);
    await bar.getByLabel('City').fill('Gandhinagar');
    await bar.getByLabel('City').press('Enter');
    await expect(page).toHaveURL(/\/search\?city=Gandhinagar&minPrice=500&maxPrice=3000$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/stays? in Gandhinagar$/);

    const answer = nextSearch(page, { city: 'Gandhinagar', sort: 'price_asc' });
    await page.getByLabel('Sort by').selectOption('price_asc');
    await expect(page).toHaveURL(/&sort=price_asc$/);
    const prices = (await answer).results.map((r) => r.price_per_night);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('the first results come with the page; six skeletons while a search loads; the empty state; the failure message', async ({ page }) => {
    // The server sends the first results in the page: they show while the browser's own request
    // (made with the visitor's session) is still on its way.
    const releaseFirst = await holdBack(page, '**/api/search?*');
    const html = await (await page.goto('/search?city=Ahmedabad'))!.text();
    expect(html).toMatch(/<div id="root">.*data-testid="listing-card"/s);
    await open(page, '/search?city=Ahmedabad');
    await expect(cards(page).first()).toBeVisible();
    releaseFirst();
    await page.unrouteAll({ behavior: 'wait' });

    const release = await holdBack(page, '**/api/search?*');
    await showFilters(page);
    await filters(page).getByRole('button', { name: 'Small', exact: true }).click();
    await filters(page).getByRole('button', { name: 'Apply Filters' }).click();
    const loading = page.getByTestId('results-loading');
    await expect(loading).toBeVisible({ timeout: 20_000 });
    await expect(loading.locator(':scope > div[aria-hidden="true"]')).toHaveCount(6);
    release();
    await expect(cards(page).first()).toBeVisible();
    await expect(loading).toHaveCount(0);
    await page.unroute('**/api/search?*');

    await open(page, '/search?city=Nowhereville');
    await expect(page.getByRole('heading', { name: 'No listings found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your filters or search in a different area')).toBeVisible();

    // A failed search: the one the filters ask for. (Only it: the page's own request for the
    // results it came with may still be on its way, and must not be the one that fails.)
    await open(page, '/search?city=Ahmedabad');
    await page.route('**/api/search?*size=small*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' }));
    await showFilters(page);
    await filters(page).getByRole('button', { name: 'Small', exact: true }).click();
    await filters(page).getByRole('button', { name: 'Apply Filters' }).click();
    // The presses may have come before the app ran: they are replayed once it does.
    await expect(page.getByRole('alert').getByRole('heading', { name: 'Failed to fetch listings' })).toBeVisible(ONCE_THE_APP_RUNS);
    await expect(cards(page)).toHaveCount(0);
    await page.unroute('**/api/search?*size=small*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page).first()).toBeVisible();
  });

  test('a hand-edited URL the server refuses shows its reason', async ({ page }) => {
    await open(page, `/search?city=${'x'.repeat(60)}`);
    // The server draws the page without results; the reason comes with the app's own search, once
    // the app has run (over 7 s on a crowded CI host at phone width).
    await expect(page.getByRole('alert')).toContainText('Failed to fetch listings', { timeout: 20_000 });
    await expect(page.getByRole('alert')).toContainText('City must be at most 50 characters');
  });

  test('hovering a card highlights its price on the map, and the other way round; a price opens the sheet', async ({ page }) => {
    test.skip(isPhone(page), 'on a phone the list and the map are separate tabs');
    await open(page, '/search?city=Ahmedabad&minPrice=500');
    await expect(page.getByTestId('search-map').locator('.leaflet-container')).toBeVisible();
    // A listing with a pill of its own (not in a cluster).
    await expect(page.locator('.pawstay-pill').first()).toBeVisible();
    const id = await page.locator('.pawstay-pill').first().getAttribute('data-listing-id');
    // By id: selecting re-clusters the pills, which may reorder them.
    const pill = page.locator(`.pawstay-pill[data-listing-id="${id}"]`);
    const card = page.locator(`[data-testid="listing-card"][data-listing-id="${id}"]`);

    await card.scrollIntoViewIfNeeded();
    await card.hover();
    await expect(pill).toHaveAttribute('data-state', 'hovered');
    await page.mouse.move(1, 400);
    await expect(pill).toHaveAttribute('data-state', 'idle');

    await pill.hover();
    await expect(card).toHaveAttribute('data-highlighted', 'true');

    const title = (await card.getByRole('heading').textContent())!.trim();
    await pill.click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(pill).toHaveAttribute('data-state', 'selected');
  });

  test('search as I move the map searches the visible area, and turning it off goes back to the city', async ({ page }) => {
    await open(page, '/search?city=Ahmedabad');
    if (isPhone(page)) {
      await page.getByRole('tab', { name: 'Map' }).click();
    }
    const map = page.getByTestId('search-map');
    await expect(map.locator('.leaflet-container')).toBeVisible();
    await map.getByLabel('Search as I move the map').check();
    await expect(page).toHaveURL(/north=[\d.]+&south=[\d.]+&east=[\d.]+&west=[\d.]+/);
    const first = new URL(page.url()).searchParams.get('north');

    // Zoom out with the map's own control; the area searched follows.
    await map.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => Number(new URL(page.url()).searchParams.get('north'))).toBeGreaterThan(Number(first));
    if (isPhone(page)) await page.getByRole('tab', { name: 'List' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/in this map area$/);

    if (isPhone(page)) await page.getByRole('tab', { name: 'Map' }).click();
    // On a slow phone: Back pressed while the page is still drawing the city search the box led to.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await map.getByLabel('Search as I move the map').uncheck();
    await expect(page).toHaveURL(/\/search\?city=Ahmedabad&minPrice=500&maxPrice=3000$/);

    // Back returns to the map-area search, and the option with it.
    await page.goBack();
    await expect(page).toHaveURL(/north=/);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(map.getByLabel('Search as I move the map')).toBeChecked();
    if (isPhone(page)) await page.getByRole('tab', { name: 'List' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/in this map area$/);
  });

  test('phone: List and Map tabs, List first; the map loads only when its tab opens', async ({ page }) => {
    test.skip(!isPhone(page), 'desktop shows both side by side');
    const mapChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/search-map-/.test(r.url())) mapChunks.push(r.url());
    });
    await open(page, '/search?city=Ahmedabad');
    await expect(page.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
    await expect(cards(page).first()).toBeVisible();
    expect(mapChunks).toEqual([]);
    await page.getByRole('tab', { name: 'Map' }).click();
    await expect(page.locator('.pawstay-pill, .pawstay-cluster').first()).toBeVisible();
    expect(mapChunks.length).toBe(1);
  });

  test("phone: each card's photo is the variant sized for the card, never the 1600 px one", async ({ page, browser, baseURL }) => {
    test.skip(!isPhone(page), 'one check of the phone layout is enough');
    // A card is the page less its margins on a phone: 358 px on a 390 px screen wants 716 px at 2x
    // (the 800 variant) and 940 px at 2.625x (the 960 one). The screen is as wide as the page, as
    // on a real phone: the preload scanner sizes React's preload of the first photo (in the
    // server's HTML) by it. A phone's user agent: the server renders the phone's layout for it.
    for (const [scale, width] of [[2, 800], [2.625, 960]] as const) {
      const size = { width: 390, height: 844 };
      const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL, viewport: size, screen: size, deviceScaleFactor: scale });
      try {
        const photos: string[] = [];
        phone.on('request', (r) => {
          if (r.url().includes('/uploads/photos/')) photos.push(new URL(r.url()).pathname);
        });
        const p = await phone.newPage();
        await p.goto('/search?city=Ahmedabad');
        const photo = (card: number) => cards(p).nth(card).locator('img').first();
        await expect(photo(0)).toHaveJSProperty('complete', true);
        // The first result's photo is the page's largest paint; the others wait their turn.
        await expect(photo(0)).toHaveAttribute('fetchpriority', 'high');
        await expect(photo(1)).toHaveAttribute('fetchpriority', 'low');
        expect(await photo(0).evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`-${width}\\.webp$`));
        expect(photos.filter((u) => u.endsWith('-1600.webp')), String(scale)).toEqual([]);
      } finally {
        await phone.close();
      }
    }
  });

  test('desktop: the 420 px list column beside the map', async ({ page }) => {
    test.skip(isPhone(page), 'phones use tabs');
    await open(page, '/search?city=Ahmedabad');
    await expect(page.getByRole('tab')).toHaveCount(0);
    const column = await page.locator('#search-results').boundingBox();
    expect(column?.width).toBe(420);
    await expect(page.getByTestId('search-map')).toBeVisible();
  });

  test('the map chunk is retried, then offers a Retry button', async ({ page }) => {
    test.skip(isPhone(page), 'the same loader on both widths; desktop shows the map at once');
    let attempts = 0;
    await page.route(/\/assets\/search-map-[^/]+\.js$/, (route) => {
      attempts++;
      return route.abort('internetdisconnected');
    });
    await open(page, '/search?city=Ahmedabad');
    const retry = page.getByTestId('search-map').getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible({ timeout: 15_000 });
    // The first try and three more (Vite's preload of the chunk may add one request).
    expect(attempts).toBeGreaterThanOrEqual(4);
    await expect(page.getByText('The map could not be loaded. Your results are still in the list.')).toBeVisible();
    await expect(cards(page).first()).toBeVisible();

    await page.unroute(/\/assets\/search-map-[^/]+\.js$/);
    await retry.click();
    await expect(page.locator('.pawstay-pill, .pawstay-cluster').first()).toBeVisible();
  });

  test('signed out, the sheet shows the listing and asks for sign-in through the dialog', async ({ page }) => {
    await open(page, '/search?city=Ahmedabad');
    const card = cards(page).first();
    const title = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('button', { name: `Show details for ${title}` }).click();
    const sheet = page.getByRole('dialog', { name: title });
    await expect(sheet).toBeVisible(ONCE_THE_APP_RUNS);
    await expect(sheet.getByText('Pet host')).toBeVisible();
    await expect(sheet.getByText('Accepted pet sizes')).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'View full listing' })).toBeVisible();
    await expectNoA11yViolations(page);

    await sheet.getByRole('button', { name: 'Sign in to request' }).click();
    await expect(page.getByRole('dialog', { name: /sign in/i })).toBeVisible();
  });

  test('signed in, Request to Book sends SPEC.md’s payload and closes the sheet; a failure keeps the form', async ({ page }) => {
    await signInViaApi(page, uniqueEmail('sheet-guest'));
    await page.request.post('/api/pets', { data: { name: 'Kaju', type: 'dog', size: 's', breed: 'Indie' } });
    const from = addDays(todayInIndia(), 40);
    const to = addDays(from, 3);

    // Without dates the form says what is missing.
    // As "For: Kaju" asks: homes that take a small dog whose vaccinations are not on his profile.
    await open(page, '/search?city=Ahmedabad&size=small&type=dog&vaccinated=false');
    const first = cards(page).first();
    await first.getByRole('button', { name: /^Show details for/ }).click();
    let sheet = page.getByRole('dialog');
    await sheet.getByRole('button', { name: 'Request to Book' }).click();
    await expect(page.getByText('Please select dates and pet size')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);

    // The search's dates and single size start the form.
    await open(page, `/search?city=Ahmedabad&size=small&type=dog&vaccinated=false&from=${from}&to=${to}`);
    const card = cards(page).first();
    const listingId = await card.getAttribute('data-listing-id');
    await card.getByRole('button', { name: /^Show details for/ }).click();
    sheet = page.getByRole('dialog');
    await expect(sheet.getByLabel('Pet size', { exact: true })).toHaveValue('small');
    await sheet.getByLabel('Note for the host (optional)').fill('Kaju is shy at first.');

    // A failure leaves the form as it was.
    await page.route('**/api/bookings/create', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' }));
    await sheet.getByRole('button', { name: 'Request to Book' }).click();
    await expect(page.getByText('Failed to create booking request')).toBeVisible();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByLabel('Note for the host (optional)')).toHaveValue('Kaju is shy at first.');
    await expect(sheet.getByLabel('Pet size', { exact: true })).toHaveValue('small');
    await page.unroute('**/api/bookings/create');

    // Sending: the button reads Submitting... and is disabled; the payload is SPEC.md section 7's.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let payload: unknown;
    await page.route('**/api/bookings/create', async (route) => {
      payload = route.request().postDataJSON();
      await held;
      await route.continue();
    });
    await sheet.getByRole('button', { name: 'Request to Book' }).click();
    await expect(sheet.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await expect(page.getByText('Booking request sent successfully!')).toBeVisible();
    await expect(sheet).toHaveCount(0);
    expect(payload).toEqual({ listingId, fromDate: from, toDate: to, size: 'small', note: 'Kaju is shy at first.' });

    const mine = (await (await page.request.get('/api/bookings')).json()).results as { listing: { id: string }; start_date: string; end_date: string; status: string }[];
    expect(mine).toEqual([expect.objectContaining({ listing: expect.objectContaining({ id: listingId }), start_date: from, end_date: to, size: 'small', status: 'requested' })]);

  });

  test('the price slider: a press moves the nearest thumb there and drags it; the thumbs stay a step apart', async ({ page }) => {
    await open(page, '/search?city=Ahmedabad');
    await showFilters(page);
    const group = filters(page).getByRole('group', { name: 'Price' });
    const low = group.getByRole('slider', { name: 'Minimum price' });
    const high = group.getByRole('slider', { name: 'Maximum price' });
    await expect(low).toHaveValue('500');
    await expect(high).toHaveValue('3000');
    // Where a price sits on the track: the thumbs' centres travel between half a thumb (12 px) from each end.
    const box = (await group.boundingBox())!;
    const x = (price: number) => box.x + 12 + ((price - 500) / 4500) * (box.width - 24);
    const y = box.y + box.height / 2;
    const near = (price: number) => new RegExp(`^(${[price - 100, price, price + 100].join('|')})$`);

    // A drag that starts on the low thumb moves the low thumb. A drag made before the page's app
    // runs is lost (decision 018 holds taps, not drags), and a user who sees the thumb stay drags
    // again: so does the test, until the thumb follows.
    await expect(async () => {
      await page.mouse.move(x(500), y);
      await page.mouse.down();
      await page.mouse.move(x(1500), y, { steps: 8 });
      await page.mouse.up();
      await expect(low).toHaveValue(near(1500), { timeout: 1000 });
    }).toPass(ONCE_THE_APP_RUNS);
    await expect(high).toHaveValue('3000');
    await expect(low).toBeFocused();
    // A press on the track beyond the high thumb moves the high thumb there.
    if (isPhone(page)) await page.touchscreen.tap(x(4000), y);
    else await page.mouse.click(x(4000), y);
    await expect(high).toHaveValue(near(4000));
    await expect(low).toHaveValue(near(1500));
    // Dragged past the other thumb, a thumb stops a step before it.
    await page.mouse.move(x(Number(await low.inputValue())), y);
    await page.mouse.down();
    await page.mouse.move(x(5000), y, { steps: 8 });
    await page.mouse.up();
    await expect(low).toHaveValue(String(Number(await high.inputValue()) - 100));
    await expect(low).toHaveAttribute('aria-valuetext', /^₹/);
  });

  test('the price slider keeps a range it was given with the thumbs closer than a step', async ({ page }) => {
    await open(page, '/search?city=Ahmedabad&minPrice=2000&maxPrice=2000');
    await showFilters(page);
    const low = filters(page).getByRole('slider', { name: 'Minimum price' });
    await low.focus();
    // Up would have to pass the other thumb: it stays, rather than jumping a step down.
    await page.keyboard.press('ArrowRight');
    await expect(low).toHaveValue('2000');
    await page.keyboard.press('ArrowLeft');
    await expect(low).toHaveValue('1900');
  });

  test('no accessibility violations: list, filters open, empty state', async ({ page }) => {
    await open(page, '/search?city=Ahmedabad');
    await expect(cards(page).first()).toBeVisible();
    await showFilters(page);
    await expectNoA11yViolations(page);
    await open(page, '/search?city=Nowhereville');
    await expect(page.getByRole('heading', { name: 'No listings found' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("the page fetches Inter's basic Latin and rupee cuts, not its Latin (48 KB) and Latin Extended (85 KB) files", async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await open(page, '/search?city=Ahmedabad');
    await expect(cards(page).first()).toContainText('₹');
    // Fetched (and, with `font-display: optional`, used once cached): Inter's basic Latin and rupee cuts.
    await page.reload();
    await expect(cards(page).first()).toContainText('₹');
    await expect.poll(() => page.evaluate(() => [...document.fonts].some((f) => f.unicodeRange === 'U+20B9' && f.status === 'loaded'))).toBe(true);
    expect(fonts.some((f) => f.includes('inter-rupee-'))).toBe(true);
    expect(fonts.some((f) => f.includes('inter-basic-'))).toBe(true);
    expect(fonts.filter((f) => f.includes('inter-latin-'))).toEqual([]);
  });

  test('the first view writes its prices and counts without building an Intl.NumberFormat (30-60 ms of main thread each time a page starts)', async ({ page }) => {
    await page.addInitScript(() => {
      const built: string[] = [];
      Object.assign(window, { numberFormatsBuilt: built });
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        construct(target, args, newTarget) {
          built.push(JSON.stringify(args));
          return Reflect.construct(target, args, newTarget);
        },
      });
    });
    await open(page, '/search?city=Ahmedabad');
    await expect(cards(page).first()).toContainText('₹');
    // A count and prices the app itself writes (the server wrote Ahmedabad's): the count is a
    // plural, which Lingui writes through a number format (light-number-format.ts).
    await showFilters(page);
    await filters(page).getByLabel('City').fill('Gandhinagar');
    await filters(page).getByLabel('City').press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ stays? in Gandhinagar$/);
    await expect(cards(page).first()).toContainText('₹');
    expect(await page.evaluate(() => (window as unknown as { numberFormatsBuilt: string[] }).numberFormatsBuilt)).toEqual([]);
  });
});
