import { Suspense } from 'react';
import { lazyPart } from '@/web/lib/lazy-part';
import { FavoritesLoading } from './favorites-loading';

// The dashboard opens on its bookings: the favorites (and the listing card they are drawn with,
// 4.6 KB) load with their tab. A part the server draws for /dashboard?tab=favorites (lib/lazy-part.tsx).
const Tab = lazyPart<object>('favorites.tab', () => import('./favorites-tab').then((m) => ({ default: m.FavoritesTab })));

/** The dashboard's Favorites tab, its code loaded when it is shown. */
export function FavoritesTab() {
  return (
    <Suspense fallback={<FavoritesLoading />}>
      <Tab />
    </Suspense>
  );
}
