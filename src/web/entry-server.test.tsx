import { describe, expect, it } from 'vitest';
import { SERVER_RENDERED_PAGES } from '@/domain/server-render';
import type { RenderOptions } from '@/domain/server-render';
import { render } from './entry-server';

/** An API that has nothing to say: the pages render as they do while their data loads. */
const offline: RenderOptions = { api: () => Promise.reject(new Error('offline')), wide: false };

// The server renders these pages' first view with the app's own code (decision 011): each must
// render in Node (no browser globals while rendering), show its heading, and carry no script.
describe('the server render of the first views', () => {
  const TITLES: Record<(typeof SERVER_RENDERED_PAGES)[number], string> = {
    '/': 'PawStay · Pet-friendly stays, starting in Ahmedabad',
    '/about': 'About · PawStay',
    '/how-it-works': 'How It Works · PawStay',
    '/faq': 'FAQ · PawStay',
    '/contact': 'Contact · PawStay',
    '/host/guide': 'Hosting Guide · PawStay',
    '/host/safety': 'Safety Tips · PawStay',
  };

  it.each(SERVER_RENDERED_PAGES)('%s renders its page, its title and its data, without a script', async (page) => {
    const result = await render(`http://localhost${page}`, offline);
    // Its own title first (the server moves it into the head), not the error page's.
    expect(result.html.startsWith(`<title>${TITLES[page]}</title>`), result.html.slice(0, 120)).toBe(true);
    expect(result.html).toMatch(/<h1[^>]*>/);
    expect(result.html).toContain('<header');
    expect(result.html).not.toContain('<script');
    expect(JSON.parse(result.data)).toMatchObject({ router: { loaderData: {} }, queries: { queries: [] }, wide: false });
  });

  it('shows the home page as the browser first does: the hero, the session and the featured stays still loading', async () => {
    const result = await render('http://localhost/', offline);
    expect(result.html).toContain('Stays where your pet is <span class="text-primary-600">family</span> too');
    // Neither "Sign In" nor an account: the session is not known until the browser asks.
    expect(result.html).not.toContain('Sign In</button>');
    expect(result.html).not.toContain('Account menu');
  });

  it('shows a visitor who is certainly signed out Sign In and the menu, and sends the browser the same session', async () => {
    const result = await render('http://localhost/faq', { ...offline, signedOut: true });
    expect(result.html).toContain('Sign In</button>');
    expect(result.html).toMatch(/<button[^>]*aria-label="Open menu"/);
    expect(result.html).not.toContain('Account menu');
    const { queries } = JSON.parse(result.data) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
    expect(queries.queries).toContainEqual(expect.objectContaining({ queryKey: ['session'], state: expect.objectContaining({ data: null, status: 'success' }) }));
  });
});
