// What other features may use of the map: the lazy wrappers only, so that Leaflet loads where a
// map is shown (decision 010).
export { LazyMap, type LatLng } from './lazy-map';
export { LazySearchMap } from './lazy-search-map';
export type { MapArea, MapListing } from './types';
