import { describe, expect, it } from 'vitest';
import { SERVER_RENDERED_PAGES } from '@/domain/server-render';
import { render } from './entry-server';

// The server renders these pages' first view with the app's own code (decision 011): each must
// render in Node (no browser globals while rendering), show its heading, and carry no script.
describe('the server render of the first views', () => {
  it.each(SERVER_RENDERED_PAGES)('%s renders its page, its title and the router data, without a script', async (page) => {
    const result = await render(`http://localhost${page}`);
    if (result.kind !== 'page') throw new Error(`${page} answered ${result.kind}`);
    expect(result.html).toMatch(/^<title>[^<]+ · PawStay|^<title>PawStay · /);
    expect(result.html).toMatch(/<h1[^>]*>/);
    expect(result.html).toContain('<header');
    expect(result.html).not.toContain('<script');
    expect(JSON.parse(result.routerData)).toHaveProperty('loaderData');
  });

  it('shows the home page as the browser first does: the hero, the session and the featured stays still loading', async () => {
    const result = await render('http://localhost/');
    if (result.kind !== 'page') throw new Error('no page');
    expect(result.html).toContain('Stays where your pet is <span class="text-primary-600">family</span> too');
    // Neither "Sign In" nor an account: the session is not known until the browser asks.
    expect(result.html).not.toContain('Sign In</button>');
    expect(result.html).not.toContain('Account menu');
  });
});
