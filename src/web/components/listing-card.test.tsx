import { describe, expect, it } from 'vitest';
import type { ListingCard as ListingCardData } from '@/domain/contracts/listing';
import { BRACKETED_WORDS, BRACKETED_WORDS_ESCAPED, renderIn } from '@/web/i18n/render-in.test-helper';
import { ListingCard } from './listing-card';

// A home's title is its host's own words: whatever brackets it holds, the sentence around it in
// every language shows it as written (web/i18n/verbatim.tsx).

const listing: ListingCardData = {
  id: '6f1d8f3c-3c64-4c52-9d8e-0f4b5a1d2e3f',
  title: BRACKETED_WORDS,
  city: 'Ahmedabad',
  price_per_night: 1500,
  lat: 23.03,
  lng: 72.58,
  photos: [],
  verified: true,
  rating: 4.5,
  reviews_count: 2,
  distance_km: 2.4,
  size_supported: ['small'],
  amenities: [],
  host: { name: 'Meera' },
};

describe("a card's Show details", () => {
  it.each(['en', 'gu', 'hi'] as const)('keeps the title its brackets (%s)', async (locale) => {
    const html = await renderIn(locale, <ListingCard listing={listing} onSelect={() => {}} />);
    const label = /<span class="sr-only">([^<]*(?:&lt;[^<]*)*)<\/span><\/button>/.exec(html)?.[1];
    expect(label).toContain(BRACKETED_WORDS_ESCAPED);
    if (locale === 'en') expect(label).toBe(`Show details for ${BRACKETED_WORDS_ESCAPED}`);
  });
});
