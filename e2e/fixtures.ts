import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page and fails with a readable list of violations. The script goes in
 * through evaluate (the DevTools protocol), which the page's Content-Security-Policy does not
 * govern, so the policy stays as strict in tests as in production.
 */
export async function expectNoA11yViolations(page: Page, options: { soft?: boolean } = {}): Promise<void> {
  // What is on screen once it has settled: a toast caught fading in (its text at a fraction of its
  // opacity) fails the contrast rule for a colour nobody reads. Spinners run for ever: not waited for.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY), undefined, { timeout: 3_000 })
    .catch(() => undefined);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected above
    const result = await (window as any).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map(
      (v: { id: string; help: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`,
    );
  });
  (options.soft ? expect.soft : expect)(violations, `${page.url()}\n${violations.join('\n')}`).toEqual([]);
}

/**
 * For what a press made at first sight does, which comes once the page's app has run (decision
 * 018): on the 2-core CI host, busy with two browsers, the app has been seen to take 7-8 s to
 * hydrate /search, past the 7 s an expectation waits by default.
 */
export const ONCE_THE_APP_RUNS = { timeout: 20_000 };

export const test = base;
export { expect };
