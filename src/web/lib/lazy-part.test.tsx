import { Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPart, loadParts, RenderedParts } from './lazy-part';

const html = async (node: React.ReactNode) => new Response((await prerender(node)).prelude).text();

describe('parts loaded on first use (lazy-part.tsx)', () => {
  it('the server render lists the parts it drew, and only those', async () => {
    const Shown = lazyPart('test.shown', async () => ({ default: ({ text }: { text: string }) => <p>{text}</p> }));
    const Hidden = lazyPart('test.hidden', async () => ({ default: () => <p>hidden</p> }));
    const parts = new Set<string>();
    const out = await html(
      <RenderedParts value={parts}>
        <Suspense fallback="loading">
          <Shown text="the payouts" />
        </Suspense>
        {false && <Hidden />}
      </RenderedParts>,
    );
    expect(out).toContain('<p>the payouts</p>');
    expect([...parts]).toEqual(['test.shown']);
  });

  it('once its code is loaded, a part draws at once, without suspending', async () => {
    const Part = lazyPart('test.loaded-first', async () => ({ default: () => <p>ready</p> }));
    // Before: a render that cannot wait shows the fallback.
    expect(renderToString(<Suspense fallback={<i>wait</i>}><Part /></Suspense>)).toContain('<i>wait</i>');
    await loadParts(['test.loaded-first']);
    expect(renderToString(<Suspense fallback={<i>wait</i>}><Part /></Suspense>)).toContain('<p>ready</p>');
  });

  it('loads parts declared by a part once that part has loaded, and survives a part that fails', async () => {
    const order: string[] = [];
    lazyPart('test.outer', async () => {
      order.push('outer');
      // The inner part's module is evaluated with the outer's: it is declared only now.
      lazyPart('test.inner', async () => {
        order.push('inner');
        return { default: () => null };
      });
      return { default: () => null };
    });
    lazyPart('test.broken', (): Promise<{ default: () => null }> => Promise.reject(new Error('chunk failed')));
    await expect(loadParts(['test.outer', 'test.inner', 'test.broken', 'test.unknown'])).resolves.toBeUndefined();
    expect(order).toEqual(['outer', 'inner']);
  });
});
