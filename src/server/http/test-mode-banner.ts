import { TEST_MODE_NOTICE } from '../../domain/test-mode';
import { type Config, paymentsTestMode } from '../config';
import { escapeHtml } from './escape-html';

// Production in test mode (PAYMENTS_TEST_MODE=on, decision 040) shows every visitor, on every
// page, that no real money moves. The banner is written into the page's HTML by the server, beside
// the app's root rather than in it: it is there from the first paint, whether the page was
// rendered on the server or is rendered in the browser, the app never renders, hydrates or moves
// it, and a page that changes in the browser keeps it. Development and the tests (`npm start`,
// NODE_ENV=test) have none: their money places say test mode themselves.

/** Whether this server's pages carry the banner. */
export const showsTestModeBanner = (config: Pick<Config, 'env' | 'payments'>): boolean => config.env === 'production' && paymentsTestMode(config);

const BANNER = `<aside class="test-mode-banner" aria-label="Test mode"><p>${escapeHtml(TEST_MODE_NOTICE)}</p></aside>`;

/** `html` (the app's index.html) with the banner first in its body, before the app's root. */
export function withTestModeBanner(html: string): string {
  if (!html.includes('<div id="root">')) throw new Error('index.html has no <div id="root"> to put the test-mode banner before');
  return html.replace('<div id="root">', () => `${BANNER}<div id="root">`);
}
