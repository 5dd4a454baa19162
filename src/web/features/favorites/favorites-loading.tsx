import { useLingui } from '@lingui/react/macro';
import { ListingCardSkeleton } from '@/web/components/listing-card-skeleton';

/** The Favorites tab's grid: the cards as search lays them out. */
export const FAVORITES_GRID = 'grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3';

/** The tab's shape while its code or the favorites themselves load. */
export function FavoritesLoading() {
  const { t } = useLingui();
  return (
    <div className={FAVORITES_GRID} role="status" aria-label={t`Loading your favorites`}>
      {Array.from({ length: 4 }, (_, i) => (
        <ListingCardSkeleton key={i} />
      ))}
    </div>
  );
}
