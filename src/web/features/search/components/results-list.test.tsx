import { describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@/domain/contracts/search';
import { BRACKETED_WORDS, BRACKETED_WORDS_ESCAPED, renderIn } from '@/web/i18n/render-in.test-helper';
import { ResultsList } from './results-list';

// The searched city is the user's own words: the heading in every language shows it as typed
// (web/i18n/verbatim.tsx), in "Stays in …", the count's plural forms and "100+ stays in …".

const none = () => {};
const answer = (total: number, totalCapped = false): SearchAnswer => ({ results: [], total, totalCapped, page: 1, pageSize: 24 });

async function heading(locale: 'en' | 'gu' | 'hi', state: Parameters<typeof ResultsList>[0]['state']) {
  const html = await renderIn(
    locale,
    <ResultsList state={state} city={BRACKETED_WORDS} sort="recommended" onSort={none} onPage={none} onRetry={none} selectedId={null} hoveredId={null} onSelect={none} onHover={none} />,
  );
  return /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
}

describe("search's heading keeps a typed city its brackets", () => {
  it.each(['en', 'gu', 'hi'] as const)('%s', async (locale) => {
    for (const state of [{ status: 'error' }, { status: 'done', answer: answer(1) }, { status: 'done', answer: answer(2) }, { status: 'done', answer: answer(100, true) }] as const) {
      expect(await heading(locale, state), JSON.stringify(state)).toContain(BRACKETED_WORDS_ESCAPED);
    }
  });

  it('and says it in English as SPEC.md does', async () => {
    expect(await heading('en', { status: 'done', answer: answer(2) })).toBe(`2 stays in ${BRACKETED_WORDS_ESCAPED}`);
    expect(await heading('en', { status: 'done', answer: answer(100, true) })).toBe(`100+ stays in ${BRACKETED_WORDS_ESCAPED}`);
  });
});
