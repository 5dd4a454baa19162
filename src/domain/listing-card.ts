import type { StaySize } from './pet-sizes';

/** A listing as search results and cards carry it: the fields SPEC.md section 3 names. */
export type ListingCard = {
  id: string;
  title: string;
  city: string;
  price_per_night: number;
  lat: number;
  lng: number;
  photos: { url: string; alt: string }[];
  verified: boolean;
  rating: number;
  reviews_count: number;
  distance_km: number | null;
  size_supported: StaySize[];
  amenities: string[];
  host: { name: string };
};
