// Centres used for distance_km (PRODUCT.md: Ahmedabad 23.0225, 72.5714).
export type LatLng = { lat: number; lng: number };

export const DEFAULT_CITY = 'Ahmedabad';

export const CITY_CENTRES: Record<string, LatLng> = {
  ahmedabad: { lat: 23.0225, lng: 72.5714 },
  gandhinagar: { lat: 23.2156, lng: 72.6369 },
  vadodara: { lat: 22.3072, lng: 73.1812 },
};

export function cityCentre(city: string): LatLng | undefined {
  return CITY_CENTRES[city.trim().toLowerCase()];
}

/** SPEC.md section 2: the search map starts on Ahmedabad at zoom 12. */
export const MAP_START: LatLng & { zoom: number } = { lat: 23.02, lng: 72.57, zoom: 12 };
