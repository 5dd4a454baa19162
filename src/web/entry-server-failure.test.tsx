import { describe, expect, it, vi } from 'vitest';
import { render } from './entry-server';

const offline = { api: () => Promise.reject(new Error('offline')), wide: false };

// A page whose code fails to load on the server (say it touches `window` as it loads) must make
// the render fail, so that the server sends the bare app, rather than render the route's error
// page as a 200 that the browser's first render would not match.
vi.mock('@/web/features/marketing/pages/faq-page', () => {
  throw new ReferenceError('window is not defined');
});

describe('the server render of a page whose code fails to load', () => {
  it('throws, and other pages still render', async () => {
    await expect(render('http://localhost/faq', offline)).rejects.toThrow('/faq did not render');
    expect((await render('http://localhost/about', offline)).html).toContain('<title>About · PawStay</title>');
  });
});
