// What other features may use of favorites.
export { FavoriteButton } from './favorite-button';
export { FavoritesTab } from './lazy-favorites-tab';
export { favoritesQuery } from './api';
