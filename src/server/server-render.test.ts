import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../web/entry-server';
import { signIn } from './test/auth';
import { useTestApp } from './test/app';
import { createListing } from './test/listings';

// The server's render with the app's own code and the server's own API (decisions 011 and 013):
// the public pages come with their data in the HTML, and with the answers for the browser's cache.

const webDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>PawStay</title></head><body><div id="root"></div></body></html>');

/** The data the page carries for hydration (web/app/server-data.ts). */
function serverData(html: string) {
  const json = /<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries its data').toBeDefined();
  return JSON.parse(json!) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] }; wide: boolean };
}

describe('the server render of the pages with data', () => {
  const t = useTestApp({}, { webDir, renderPage: render });
  const title = 'Quiet courtyard flat near the Surat riverfront';
  let listingId = '';

  it('renders a part whose code loads on first use (the pet filter of a signed-in search) in full the first time', async () => {
    // The first render of a lazily loaded part waits for its code: were it left to the browser
    // (React's "could not finish this Suspense boundary", error 419), the first signed-in search
    // after a start would be drawn anew in the browser and log an error.
    // A signed-out search first: Vitest compiles each module of the page on its first import
    // (Babel for Lingui's, decision 059), which the built server never does, and which would count
    // against the render's 2 s; the pet filter, shown to a signed-in visitor only, stays unloaded.
    expect((await t.app.inject({ method: 'GET', url: '/search?city=Surat' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/search?city=Surat', headers: { cookie: await signIn(t, 'ssr-first@example.com') } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Pet size');
    expect(res.body).not.toContain('<!--$!-->');
  });

  it('renders a listing with its details, and sends its answer along', async () => {
    const cookie = await signIn(t, 'ssr-host@example.com');
    listingId = (await createListing(t, cookie, { title, city: 'Surat', lat: 21.17, lng: 72.83 })).id;
    // A first visit compiles the listing page's modules (as the search's did above), which under a
    // loaded CI machine took past the render's 2 s; the built server never compiles.
    await t.app.inject({ method: 'GET', url: `/listing/${listingId}` });
    // Anyone's visit, without a session cookie: the render any visitor gets, which a cache may keep.
    const anyone = await t.app.inject({ method: 'GET', url: `/listing/${listingId}` });
    expect(anyone.statusCode).toBe(200);
    expect(anyone.headers['cache-control']).toBe('no-cache');
    const root = /<div id="root">([\s\S]*)<\/div><script/.exec(anyone.body)?.[1] ?? '';
    expect(root).toContain(`<h1`);
    expect(root).toContain(title);
    expect(anyone.body).toContain(`<title>${title} · PawStay</title>`);
    const detail = serverData(anyone.body).queries.queries.find((q) => q.queryKey.includes(listingId));
    expect(detail?.state.data).toMatchObject({ id: listingId, is_owner: false });

    // The host's own visit is rendered for them (decision 047): their listing says so, who is
    // signed in goes along (their first press need not ask), and no cache may keep the page.
    const own = await t.app.inject({ method: 'GET', url: `/listing/${listingId}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const { queries } = serverData(own.body);
    expect(queries.queries.find((q) => q.queryKey.includes(listingId))?.state.data).toMatchObject({ id: listingId, is_owner: true });
    expect(queries.queries.find((q) => q.queryKey[0] === 'session')?.state.data).toMatchObject({ email: 'ssr-host@example.com' });
    // And someone else's visit is theirs, not the host's.
    const other = await t.app.inject({ method: 'GET', url: `/listing/${listingId}`, headers: { cookie: await signIn(t, 'ssr-guest@example.com') } });
    expect(other.body).not.toContain('ssr-host@example.com');
    expect(serverData(other.body).queries.queries.find((q) => q.queryKey.includes(listingId))?.state.data).toMatchObject({ is_owner: false });
  });

  it('renders a search with its results, for the screen the browser suggests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/search?city=Surat', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(title);
    expect(res.body).toContain(`href="/listing/${listingId}`);
    // Each result is a Suspense boundary of its own: written in place, none sent later with a
    // script to move it (the Content-Security-Policy would refuse it).
    const root = /<div id="root">([\s\S]*)<\/div><script/.exec(res.body)?.[1] ?? '';
    expect(root).toContain(title);
    expect(root).not.toContain('<script');
    expect(root).not.toMatch(/<template|hidden id="S:/);
    const data = serverData(res.body);
    expect(data.wide).toBe(true);
    expect(data.queries.queries.find((q) => q.queryKey[0] === 'search')?.state.data).toMatchObject({ results: [{ id: listingId }] });
  });

  it('renders a search the API refuses as the browser first does, loading, for the browser to ask and explain', async () => {
    // The browser's first render has no answer for it (a refusal is not sent), so neither has the server's.
    const res = await t.app.inject({ method: 'GET', url: '/search?city=Surat&from=2020-01-01&to=2020-01-05' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="results-loading"');
    expect(res.body).not.toContain('Failed to fetch listings');
    expect(serverData(res.body).queries.queries.filter((q) => q.queryKey[0] === 'search')).toEqual([]);
  });

  it("renders a host's dashboard with their own data, for them alone, and never to be kept", async () => {
    const [ira, dev] = await Promise.all([signIn(t, 'ssr-ira@example.com'), signIn(t, 'ssr-dev@example.com')]);
    await createListing(t, ira, { title: 'Ira’s terrace flat in Navrangpura' });
    await createListing(t, dev, { title: 'Dev’s bungalow with a lawn in Thaltej' });
    // Rendered at the same time: each render reads with its own visitor's session.
    const [forIra, forDev] = await Promise.all(
      [ira, dev].map((cookie) => t.app.inject({ method: 'GET', url: '/host', headers: { cookie } })),
    );
    for (const [res, own, other] of [
      [forIra!, 'Ira’s terrace flat', 'Dev’s bungalow'],
      [forDev!, 'Dev’s bungalow', 'Ira’s terrace flat'],
    ] as const) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const root = /<div id="root">([\s\S]*)<\/div><script/.exec(res.body)?.[1] ?? '';
      expect(root).toContain(own);
      expect(res.body).not.toContain(other);
      // The header knows the session: the account menu, not "Sign In".
      expect(root).not.toContain('Sign In</button>');
    }
  });

  it('sends a private page without a session, or with a stale one, as the bare app, which sends the visitor home', async () => {
    for (const headers of [{}, { cookie: 'pawstay_session=nonsense' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/host', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('sends a listing that does not exist as the bare app, with a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/listing/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('the pages in the visitor\'s language (decision 059)', () => {
  const t = useTestApp({}, { webDir, renderPage: render });
  const heading = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

  it('renders the home page in English by default, in Gujarati or Hindi as Accept-Language or the cookie asks, never mixed', async () => {
    const asked = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/', headers });
      expect(res.statusCode).toBe(200);
      // A cache keeps one answer per language.
      expect(res.headers.vary).toMatch(/cookie, accept-language/);
      return res.body;
    };
    const english = await asked({});
    expect(english).toContain('<html lang="en-IN"');
    expect(heading(english)).toBe('Stays where your pet is family too');

    // The render of a shared page is kept (server-render.ts): the Gujarati one is not the English one's.
    const gujarati = await asked({ 'accept-language': 'gu-IN,gu;q=0.9,en;q=0.8' });
    expect(gujarati).toContain('<html lang="gu-IN"');
    expect(heading(gujarati)).toBe('એવા સ્ટે જ્યાં તમારું પાલતુ પણ પરિવાર છે');
    expect(gujarati).toContain('અમારા વિશે');

    const hindi = await asked({ 'accept-language': 'gu', cookie: 'pawstay_lang=hi' });
    expect(hindi).toContain('<html lang="hi-IN"');
    expect(heading(hindi)).toBe('ऐसे स्टे जहाँ आपका पालतू भी परिवार है');
    expect(hindi).not.toContain('અમારા વિશે');

    expect(heading(await asked({ cookie: 'pawstay_lang=xx', 'accept-language': 'fr' }))).toBe('Stays where your pet is family too');
    // And English again after both: nothing of theirs kept in its render.
    expect(heading(await asked({ 'accept-language': 'en-GB' }))).toBe('Stays where your pet is family too');
  });
});
