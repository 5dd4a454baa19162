import { memo, Suspense, useId } from 'react';
import { ChevronLeft, ChevronRight, CloudOff, SearchX } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ListingCard as ListingCardData } from '@/domain/contracts/listing';
import { EmptyState } from '@/web/components/empty-state';
import { Button } from '@/web/components/ui/button';
import { FavoriteButton } from '@/web/features/favorites';
import { ListingCard, type ListingCardProps } from '@/web/components/listing-card';
import { ListingCardSkeleton } from '@/web/components/listing-card-skeleton';
import { cn } from '@/web/lib/cn';
import type { SearchAnswer } from '@/domain/contracts/search';
import { SEARCH_SORTS, type SearchSort } from '@/domain/search-sorts';
import { SORT_NAME } from '@/web/i18n/domain-labels';
import { verbatim } from '@/web/i18n/verbatim';

/** SPEC.md section 8. */
export const SEARCH_FAILED = msg`Failed to fetch listings`;
const NO_LISTINGS = msg`No listings found`;
const STAYS = msg`Stays`;
const RESULT_PAGES = msg`Result pages`;

export type ResultsListProps = {
  state: { status: 'loading' } | { status: 'error'; message?: string } | { status: 'done'; answer: SearchAnswer };
  /** The city the search looked in; none when it looked in the map's area. */
  city: string | undefined;
  sort: SearchSort;
  onSort: (sort: SearchSort) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  selectedId: string | null;
  hoveredId: string | null;
  onSelect: (listing: ListingCardData) => void;
  onHover: (id: string | null) => void;
  className?: string;
};

const SKELETONS = 6;

/**
 * A result's card, a Suspense boundary of its own that nothing suspends: hydrating the page the
 * server rendered, React leaves such a boundary for after the page's first commit and hydrates the
 * cards one by one in the background (one that is pressed meanwhile, at once), so the page can act
 * before its 24 cards are hydrated. Memoised: a card rendered again with new props would have to
 * be hydrated there and then, and selecting one card would hydrate all 24 in one go.
 */
const ResultCard = memo(function ResultCard(props: ListingCardProps) {
  return (
    <Suspense>
      <ListingCard {...props} />
    </Suspense>
  );
});

export function ResultsList({ state, city, sort, onSort, onPage, onRetry, selectedId, hoveredId, onSelect, onHover, className }: ResultsListProps) {
  const sortId = useId();
  const { i18n } = useLingui();
  const answer = state.status === 'done' ? state.answer : undefined;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const page = answer?.page ?? 1;

  return (
    <section aria-labelledby={`${sortId}-heading`} aria-busy={state.status === 'loading'} className={cn('flex flex-col gap-5', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 id={`${sortId}-heading`} className="text-lg font-bold tracking-tight text-stone-900" aria-live="polite">
          {state.status === 'loading' ? <Trans>Searching…</Trans> : answer ? <CountText answer={answer} city={city} /> : <StaysIn city={city} />}
        </h1>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium text-stone-700">
            <Trans>Sort by</Trans>
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => onSort(e.target.value as SearchSort)}
            className="h-10 rounded-full border border-stone-300 bg-white px-3 text-sm font-medium text-stone-900 hover:border-stone-400 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {SEARCH_SORTS.map((key) => (
              <option key={key} value={key}>
                {i18n._(SORT_NAME[key])}
              </option>
            ))}
          </select>
        </div>
      </div>

      {state.status === 'loading' && (
        <div className="grid grid-cols-1 gap-x-5 gap-y-8 sm:grid-cols-2 lg:grid-cols-1" data-testid="results-loading">
          <p className="sr-only" role="status">
            <Trans>Loading stays</Trans>
          </p>
          {Array.from({ length: SKELETONS }, (_, i) => (
            <ListingCardSkeleton key={i} />
          ))}
        </div>
      )}

      {state.status === 'error' && (
        <div role="alert">
          <EmptyState
            icon={CloudOff}
            title={i18n._(SEARCH_FAILED)}
            action={
              <Button variant="outline" onClick={onRetry}>
                <Trans id="Try again">Try again</Trans>
              </Button>
            }
          >
            {state.message ?? <Trans>Check your connection and try again.</Trans>}
          </EmptyState>
        </div>
      )}

      {answer && answer.results.length === 0 && (
        <EmptyState icon={SearchX} title={i18n._(NO_LISTINGS)}>
          <Trans>Try adjusting your filters or search in a different area</Trans>
        </EmptyState>
      )}

      {answer && answer.results.length > 0 && (
        <>
          <ul className="grid grid-cols-1 gap-x-5 gap-y-8 sm:grid-cols-2 lg:grid-cols-1" aria-label={i18n._(STAYS)}>
            {answer.results.map((listing, i) => (
              // Cards off screen are not laid out or painted until they come near it (a card's
              // height is reserved, then remembered): on a phone, a third less layout and style
              // work while the server's page first shows its 24 results.
              <li key={listing.id} className="[contain-intrinsic-size:auto_26rem] [content-visibility:auto]">
                <ResultCard
                  listing={listing}
                  favorite={FavoriteButton}
                  onSelect={onSelect}
                  selectNeeds="listingSheet"
                  onHover={onHover}
                  selected={listing.id === selectedId}
                  highlighted={listing.id === hoveredId}
                  // The first card only: on a phone the second is below the fold, and a second
                  // high-priority photo would share the line with the first, the page's largest paint.
                  priority={i === 0}
                  headingLevel={2}
                />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label={i18n._(RESULT_PAGES)} className="flex items-center justify-between gap-3 border-t border-stone-200 pt-5">
              <Button variant="outline" size="sm" disabled={answer.page <= 1} onClick={() => onPage(answer.page - 1)}>
                <ChevronLeft aria-hidden="true" />
                <Trans>Previous</Trans>
              </Button>
              <p className="text-sm text-stone-700">
                {answer.totalCapped ? <Trans>Page {page} of {pages}+</Trans> : <Trans>Page {page} of {pages}</Trans>}
              </p>
              <Button variant="outline" size="sm" disabled={answer.page >= pages} onClick={() => onPage(answer.page + 1)}>
                <Trans>Next</Trans>
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/** "24 stays in Ahmedabad", "1 stay in this map area", "100+ stays in Surat". */
function CountText({ answer, city: typed }: { answer: SearchAnswer; city: string | undefined }) {
  const count = answer.total;
  if (typed === undefined) {
    return answer.totalCapped ? <Trans>{count}+ stays in this map area</Trans> : <Plural value={count} one="# stay in this map area" other="# stays in this map area" />;
  }
  const city = verbatim(typed);
  return answer.totalCapped ? <Trans>{count}+ stays in {city}</Trans> : <Plural value={count} one={`# stay in ${city}`} other={`# stays in ${city}`} />;
}

/** "Stays in Ahmedabad", "Stays in this map area". */
function StaysIn({ city: typed }: { city: string | undefined }) {
  if (typed === undefined) return <Trans>Stays in this map area</Trans>;
  const city = verbatim(typed);
  return <Trans>Stays in {city}</Trans>;
}
