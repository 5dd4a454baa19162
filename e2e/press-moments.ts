import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';
import { holdBack } from './hold-back';
import { press } from './slow-app';

// Presses on a server-rendered page at each moment of its app's start (issue 34; decisions 012
// and 018). The first-view loader, written into the page, asks for the app's code once the page
// is painted and holds presses meanwhile; the code runs and hydrates the page, and the app tells
// the loader, which replays what it held and lets go. A press must count whenever it comes.
//
// A test that waits for something and then presses lands wherever the host's load puts it. So
// the page is paused at the moment instead: a script that runs before the loader watches for it,
// and from then on defers every timer and every MessageChannel message (how React schedules its
// work) until the press has come; for the moment the loader holds, the test also holds the app's
// code back until then. The page is idle, as a busy phone's is between two steps of its start,
// and the press (a tap on a phone, a click on a desktop, as a visitor makes it) is handled at
// once; the page records where the app stood when it began, and then goes on.

/** The moments of a page's start at which a press is tried, in the order they come. */
export const MOMENTS = ['before the loader', 'while it holds', 'during hydration', 'just after', 'well after'] as const;
/**
 * Two more, for what the visitor changes in a field. As hydration ends: React has rendered the
 * page down to its footer, taking over each element as it goes, and not yet committed; an event
 * it hears then reaches the field's half-built component (hydration's render is started again for
 * it at once), so a choice in a select was once undone. As the app commits: the app has told the
 * loader it is ready, and the loader has not yet passed on what it held.
 */
const FIELD_MOMENTS = ['as hydration ends', 'as the app commits'] as const;
export type Moment = (typeof MOMENTS)[number] | (typeof FIELD_MOMENTS)[number];
const ORDER: readonly Moment[] = ['before the loader', 'while it holds', 'during hydration', ...FIELD_MOMENTS, 'just after', 'well after'];

/**
 * Where the app stood when a press began (its pointerdown), as the page saw it: the loader had
 * not yet asked for the app's code; had asked for it; React was hydrating (main.tsx says so); the
 * app had committed and the loader was replaying what it held; the loader had let go.
 */
type Stage = 'code not asked for' | 'code asked for' | 'hydrating' | 'replaying' | 'ready' | 'failed';

const STAGE_OF: Record<Moment, Stage> = {
  'before the loader': 'code not asked for',
  'while it holds': 'code asked for',
  'during hydration': 'hydrating',
  'as hydration ends': 'hydrating',
  'as the app commits': 'replaying',
  'just after': 'ready',
  'well after': 'ready',
};

/** What the page records: which press it is at, whether it is paused for it, and each press's stage. */
type Seen = { next: number; paused: boolean; stages: Stage[] };

/** A press, or a choice made in a select (`choose`: the browser tells it with a change, not a click). */
export type TimedPress = { moment: Moment; control: Locator; choose?: string };

/**
 * Runs in the page before anything else (so before the loader), for presses at `moments`. One
 * function with no outside names: Playwright sends its source to the page.
 */
function pauseForPresses(moments: Moment[]) {
  const seen: Seen = { next: 0, paused: false, stages: [] };
  (window as unknown as { pressMoments: Seen }).pressMoments = seen;
  let committed = false;
  // Before the loader's own listener, which passes on what it held in a task of its own (held
  // while paused).
  document.addEventListener('pawstay:app-ready', () => {
    committed = true;
    if (moments[seen.next] === 'as the app commits') seen.paused = true;
  });
  const stage = (): Stage => {
    const app = document.documentElement?.getAttribute('data-app');
    if (app === 'ready' || app === 'failed') return app;
    if (committed) return 'replaying';
    if (app === 'hydrating') return 'hydrating';
    return document.getElementById('app-code') ? 'code not asked for' : 'code asked for';
  };

  // While paused, a timer that falls due and a message posted on a MessageChannel wait, in order.
  const waiting: (() => void)[] = [];
  const cancelled = new Set<unknown>();
  type Timers = { setTimeout: (run: TimerHandler, ms?: number, ...rest: unknown[]) => number; clearTimeout: (id?: number) => void };
  const timers = window as unknown as Timers;
  const { setTimeout: setTimer, clearTimeout: clearTimer } = timers;
  timers.setTimeout = (run, ms, ...rest) => {
    const id = setTimer(() => {
      const fire = () => {
        if (cancelled.delete(id)) return;
        if (typeof run === 'function') run(...rest);
      };
      if (seen.paused) waiting.push(fire);
      else fire();
    }, ms);
    return id;
  };
  timers.clearTimeout = (id) => {
    if (waiting.length > 0) cancelled.add(id);
    clearTimer(id);
  };
  // Checked as each of React's slices of work ends (its next one is posted): hydrating changes nothing
  // that a MutationObserver sees.
  let metAsSliceEnds: (() => boolean) | undefined;
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
    if (metAsSliceEnds?.()) {
      metAsSliceEnds = undefined;
      seen.paused = true;
    }
    if (seen.paused) waiting.push(() => post.apply(this, args as Parameters<typeof post>));
    else post.apply(this, args as Parameters<typeof post>);
  } as typeof post;

  /** Pauses for the next press once its moment has come. */
  const arm = () => {
    const moment = moments[seen.next];
    const met =
      moment === 'before the loader'
        ? () => true
        : moment === 'while it holds'
          ? // The loader has put the app's code into the head (the test holds it back).
            () => document.querySelector('head > script[type="module"]') !== null
          : moment === 'during hydration'
            ? // React has begun to hydrate (main.tsx): its first slice of work is on its way, the rest waits.
              () => document.documentElement?.getAttribute('data-app') === 'hydrating'
            : moment === 'just after'
              ? // The loader has let go: the app runs alone.
                () => document.documentElement?.getAttribute('data-app') === 'ready'
              : undefined;
    if (moment === 'as hydration ends') {
      // React marks each element it has taken over with its fiber, the footer among the last.
      metAsSliceEnds = () => {
        const footer = document.querySelector('#root footer');
        return !committed && footer !== null && Object.keys(footer).some((key) => key.startsWith('__reactFiber'));
      };
      return;
    }
    if (!met) return;
    if (met()) {
      seen.paused = true;
      return;
    }
    new MutationObserver((_, observer) => {
      if (!met()) return;
      observer.disconnect();
      seen.paused = true;
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-app'] });
  };

  addEventListener(
    'pointerdown',
    (event) => {
      if (event.isTrusted && seen.stages.length === seen.next) seen.stages.push(stage());
    },
    true,
  );
  const pressed = () => {
    seen.next += 1;
    if (seen.paused) {
      seen.paused = false;
      // Once the visitor's event has been handled, as a timer or a message could not come sooner.
      setTimer(() => {
        for (const run of waiting.splice(0)) run();
        cancelled.clear();
      });
    }
    if (seen.next < moments.length) arm();
  };
  // The whole press (pointer down to click) is made in its moment; then the page goes on.
  addEventListener(
    'click',
    (event) => {
      if (event.isTrusted && seen.stages.length === seen.next + 1) pressed();
    },
    true,
  );
  // A choice in a select is made in one go (the test's selectOption, not the visitor's hand).
  addEventListener(
    'change',
    (event) => {
      if (!(event.target instanceof HTMLSelectElement) || seen.stages.length !== seen.next) return;
      seen.stages.push(stage());
      pressed();
    },
    true,
  );
  arm();
}

/**
 * Opens `url` and makes `presses` at their moments of the app's start, in the order of MOMENTS,
 * checking that each came then. A press well after the start waits for the app to have run and
 * the page to be quiet, as any test's press does.
 */
export async function openAndPress(page: Page, testInfo: TestInfo, url: string, presses: TimedPress[]): Promise<void> {
  const moments = presses.map((p) => p.moment);
  expect(moments, 'presses in the order their moments come').toEqual([...moments].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
  const releaseCode = moments.includes('while it holds') ? await holdBack(page, '**/assets/*.js') : () => {};
  await page.addInitScript(pauseForPresses, moments);
  await page.goto(url, { waitUntil: 'commit' });
  const seen = () => page.evaluate(() => (window as unknown as { pressMoments: Seen }).pressMoments);
  for (const [index, { moment, control, choose }] of presses.entries()) {
    if (moment === 'well after') {
      await expect(page.locator('html[data-app="ready"]')).toBeAttached({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
    } else {
      await expect.poll(async () => ((s) => s.paused && s.next === index)(await seen()), { timeout: 20_000, intervals: [50], message: `paused ${moment}` }).toBe(true);
    }
    if (choose === undefined) await press(control, testInfo);
    else await control.selectOption(choose);
    if (moment === 'while it holds') {
      // Taken, and shown to be, while the code is on its way.
      if (choose === undefined) await expect(control).toHaveAttribute('aria-busy', 'true');
      releaseCode();
    }
    expect((await seen()).stages[index], `the press came ${moment}`).toBe(STAGE_OF[moment]);
  }
}
