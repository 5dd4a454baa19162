import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/web/components/empty-state';
import { buttonVariants } from '@/web/components/ui/button';
import { FavoriteButton } from './favorite-button';
import { ListingCard, ListingCardSkeleton } from '@/web/components/listing-card';
import { favoritesQuery } from './api';

const GRID = 'grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3';

/** The dashboard's Favorites tab: my saved stays as the cards search shows, newest saved first. */
export function FavoritesTab() {
  const favorites = useQuery(favoritesQuery);

  if (favorites.isPending) {
    return (
      <div className={GRID} role="status" aria-label="Loading your favorites">
        {Array.from({ length: 4 }, (_, i) => (
          <ListingCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (favorites.isError) {
    return (
      <EmptyState icon={Heart} title="Your favorites could not be loaded">
        Please try again in a moment.
      </EmptyState>
    );
  }
  if (favorites.data.length === 0) {
    return (
      <EmptyState
        icon={Heart}
        title="No favorites yet"
        action={
          <Link to="/search" className={buttonVariants({ variant: 'outline' })}>
            Browse stays
          </Link>
        }
      >
        Tap the heart on a stay to keep it here.
      </EmptyState>
    );
  }
  return (
    <ul className={GRID} aria-label="Favorite stays">
      {favorites.data.map((listing, i) => (
        <li key={listing.id} className="flex">
          <ListingCard listing={listing} favorite={FavoriteButton} priority={i < 2} headingLevel={2} className="w-full" />
        </li>
      ))}
    </ul>
  );
}
