import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { List, Map as MapIcon } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ListingCard } from '@/domain/contracts/listing';
import type { SearchSort } from '@/domain/search-sorts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { DEFAULT_LISTING_TITLE } from '@/web/components/listing-card';
import { LazySearchMap } from '@/web/features/map';
import type { MapArea, MapListing } from '@/web/features/map';
import { ApiError } from '@/web/lib/api';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { useMediaQuery } from '@/web/lib/use-media-query';
import { useLoaded } from '@/web/lib/use-loaded';
import { searchQuery } from './api';
import { FilterBar } from './components/filter-bar';
import { ResultsList, type ResultsListProps } from './components/results-list';
import { apiQueryFor, clearedSearchParams, filtersKey, readSearchState, writeSearchParams, type SearchFilters, type SearchState } from './search-url';

// The sheet (its dialog, focus trap and booking form) is not part of the first view: it loads when
// a listing is first hovered or opened.
const loadSheet = () => import('./components/listing-sheet').then((m) => m.ListingSheet);

/** SPEC.md section 4: the search fires 300 ms after its params change. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /search (SPEC.md section 2): the filter bar over a list and a map; on a phone, List and Map
 * tabs. The URL holds the search; this page reads it, and writes it when the filters are
 * applied, the sort or page changes, or the map is moved with "Search as I move the map" on.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const wide = useMediaQuery('(min-width: 1024px)');
  const { t, i18n } = useLingui();

  // The query waits until the URL has been still for 300 ms (typing a city, dragging the map).
  const queryText = useMemo(() => JSON.stringify(apiQueryFor(state)), [state]);
  const settledText = useDebouncedValue(queryText, SEARCH_DEBOUNCE_MS);
  const search = useQuery(searchQuery(JSON.parse(settledText) as Record<string, string>));
  const fresh = settledText === queryText && !search.isPlaceholderData;

  const [selected, setSelected] = useState<ListingCard | null>(null);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const ListingSheet = useLoaded(loadSheet, selected !== null);
  const hover = useCallback((id: string | null) => {
    setHoveredId(id);
    if (id) void loadSheet();
  }, []);
  // Follows the URL (a map area in it means on), so back/forward and reloads keep it in step. A
  // click shows at once, before the URL it leads to has been written, and holds only until the
  // router's next location (a new object even for an entry visited before): copied from the URL by
  // an effect, or tied to the entry's key, a click followed by Back left the box unticked on the
  // map-area search Back returned to.
  const location = useLocation();
  const [clicked, setClicked] = useState<{ on: boolean; at: typeof location } | null>(null);
  const moveSearch = clicked?.at === location ? clicked.on : state.bounds !== undefined;

  const navigate = useCallback(
    (next: SearchState, { replace = false } = {}) => setParams(writeSearchParams(next), { replace, preventScrollReset: true }),
    [setParams],
  );

  const listState: ResultsListProps['state'] = search.isError
    ? { status: 'error', message: search.error instanceof ApiError && search.error.status === 400 ? search.error.message : undefined }
    : fresh && search.data
      ? { status: 'done', answer: search.data }
      : { status: 'loading' };

  // The map keeps the last answer while the next loads (no flashing pills); a failed search empties it.
  const results = search.isError ? [] : (search.data?.results ?? []);
  const pins = useMemo<MapListing[]>(
    () => results.map((l) => ({ id: l.id, lat: l.lat, lng: l.lng, price: l.price_per_night, title: l.title?.trim() || i18n._(DEFAULT_LISTING_TITLE) })),
    [results, i18n, i18n.locale],
  );

  const applyFilters = (filters: SearchFilters) =>
    navigate({
      ...state,
      ...filters,
      ...(filters.from && filters.to ? {} : { from: undefined, to: undefined }),
      page: 1,
      // A new city is searched as a city, not inside the old map area.
      bounds: filters.city.trim().toLowerCase() === state.city.trim().toLowerCase() ? state.bounds : undefined,
    });

  const onAreaChange = useCallback(
    (area: MapArea) => navigate({ ...readSearchState(new URLSearchParams(window.location.search)), bounds: area, page: 1 }, { replace: true }),
    [navigate],
  );

  // Turning it on is the map's first area (onAreaChange); turning it off goes back to the city.
  const onMoveSearchChange = (on: boolean) => {
    setClicked({ on, at: location });
    if (!on && state.bounds) navigate({ ...state, bounds: undefined, page: 1 });
  };

  const selectById = useCallback((id: string) => setSelected(results.find((l) => l.id === id) ?? null), [results]);

  // A map area searched is no city's.
  const city = state.bounds ? undefined : state.city;

  const list = (
    <ResultsList
      state={listState}
      city={city}
      sort={state.sort}
      onSort={(sort: SearchSort) => navigate({ ...state, sort, page: 1 })}
      onPage={(page) => {
        navigate({ ...state, page });
        document.getElementById('search-results')?.scrollTo({ top: 0 });
        if (!wide) window.scrollTo({ top: 0 });
      }}
      onRetry={() => void search.refetch()}
      selectedId={selected?.id ?? null}
      hoveredId={hoveredId}
      onSelect={setSelected}
      onHover={hover}
    />
  );

  const map = (
    <LazySearchMap
      listings={pins}
      selectedId={selected?.id ?? null}
      hoveredId={hoveredId}
      onSelect={selectById}
      onHover={hover}
      area={state.bounds}
      fitKey={fresh ? settledText : ''}
      moveSearch={moveSearch}
      onMoveSearchChange={onMoveSearchChange}
      onAreaChange={onAreaChange}
      className="size-full"
    />
  );

  return (
    <>
      <title>{city === undefined ? t`Stays in this map area · PawStay` : t`Stays in ${city} · PawStay`}</title>
      <meta
        name="description"
        content={
          city === undefined
            ? t`Pet-friendly stays in this map area: filter by dates, price, pet size and verified hosts.`
            : t`Pet-friendly stays in ${city}: filter by dates, price, pet size and verified hosts.`
        }
      />
      <div className="flex flex-1 flex-col lg:h-[calc(var(--view-height)-4.5rem)] lg:flex-none">
        {/* Remounted when the URL's filters change (back/forward), so the bar shows them. */}
        <FilterBar
          key={filtersKey(state)}
          applied={state}
          onApply={applyFilters}
          onClear={() => {
            const cleared = clearedSearchParams();
            // Clearing an already clear search changes nothing: no new history entry.
            setParams(cleared, { preventScrollReset: true, replace: cleared.toString() === params.toString() });
          }}
        />
        {wide ? (
          <div className="grid min-h-0 flex-1 grid-cols-[420px_1fr]">
            <div id="search-results" className="overflow-y-auto border-r border-stone-200 px-6 pt-5 pb-10">
              {list}
            </div>
            <div className="relative">{map}</div>
          </div>
        ) : (
          <Tabs defaultValue="list" className="flex flex-1 flex-col">
            <div className="sticky top-[4.5rem] z-30 flex justify-center border-b border-stone-200 bg-white px-4 py-2">
              <TabsList aria-label={t`Show results as`}>
                <TabsTrigger value="list">
                  <List className="size-4" aria-hidden="true" />
                  <Trans>List</Trans>
                </TabsTrigger>
                <TabsTrigger value="map">
                  <MapIcon className="size-4" aria-hidden="true" />
                  <Trans>Map</Trans>
                </TabsTrigger>
              </TabsList>
            </div>
            <TabsContent value="list" className="mt-0! px-4 pt-4 pb-10">
              {list}
            </TabsContent>
            <TabsContent value="map" className="mt-0! h-[calc(var(--view-height)-12.75rem)] min-h-80">
              {map}
            </TabsContent>
          </Tabs>
        )}
      </div>
      {ListingSheet && (
        <ListingSheet
          listing={selected}
          onClose={() => setSelected(null)}
          initial={{ from: state.from, to: state.to, size: state.sizes.length === 1 ? state.sizes[0] : undefined }}
        />
      )}
    </>
  );
}
