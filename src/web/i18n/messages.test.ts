import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The browser's languages at run time (web/i18n/messages.ts, decision 064): a language that cannot
// be loaded (offline) changes nothing, and the code the app loads on demand still comes.

vi.mock('./locale-hi', () => {
  throw new Error('offline');
});

// The languages module keeps what it loaded: each test starts from a fresh one (the test files of a
// worker share their modules, vitest.config.ts).
beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('a switch of language that fails', () => {
  it('leaves the app speaking as before: what it loads on demand still comes, in English', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en-IN' } });
    const { speak } = await import('./messages');
    await expect(speak('hi')).rejects.toThrow();
    const module = { Page: 'the page' };
    await expect(globalThis.__pawstayWithMessages(Promise.resolve(module), 'k1')).resolves.toBe(module);
  });

  it('brings, once a language loads, the words of the code imported meanwhile', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en-IN' } });
    const { speak } = await import('./messages');
    await globalThis.__pawstayWithMessages(Promise.resolve({}), 'k2');
    // Whole in the tests (no parts): Gujarati's messages, with its words for the app's own.
    const messages = await speak('gu');
    expect(Object.keys(messages).length).toBeGreaterThan(500);
    await expect(globalThis.__pawstayWithMessages(Promise.resolve('later'), 'k3')).resolves.toBe('later');
  });
});
