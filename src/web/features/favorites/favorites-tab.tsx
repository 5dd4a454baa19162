import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/web/components/empty-state';
import { buttonVariants } from '@/web/components/ui/button';
import { FavoriteButton } from './favorite-button';
import { ListingCard } from '@/web/components/listing-card';
import { FAVORITES_GRID, FavoritesLoading } from './favorites-loading';
import { favoritesQuery } from './api';

/** The dashboard's Favorites tab: my saved stays as the cards search shows, newest saved first. */
export function FavoritesTab() {
  const favorites = useQuery(favoritesQuery);
  const { t } = useLingui();

  if (favorites.isPending) return <FavoritesLoading />;
  if (favorites.isError) {
    return (
      <EmptyState icon={Heart} title={t`Your favorites could not be loaded`}>
        <Trans>Please try again in a moment.</Trans>
      </EmptyState>
    );
  }
  if (favorites.data.length === 0) {
    return (
      <EmptyState
        icon={Heart}
        title={t`No favorites yet`}
        action={
          <Link to="/search" className={buttonVariants({ variant: 'outline' })}>
            <Trans>Browse stays</Trans>
          </Link>
        }
      >
        <Trans>Tap the heart on a stay to keep it here.</Trans>
      </EmptyState>
    );
  }
  return (
    <ul className={FAVORITES_GRID} aria-label={t`Favorite stays`}>
      {favorites.data.map((listing, i) => (
        <li key={listing.id} className="flex">
          <ListingCard listing={listing} favorite={FavoriteButton} priority={i < 2} headingLevel={2} className="w-full" />
        </li>
      ))}
    </ul>
  );
}
