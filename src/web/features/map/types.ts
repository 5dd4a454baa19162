export type LatLng = { lat: number; lng: number };

export type PinMapProps = {
  lat: number;
  lng: number;
  zoom?: number;
  /**
   * `pin`: a pin the user drags, or places by clicking the map (needs `onPinChange`).
   * `area`: a soft circle around the place, for a listing page.
   */
  mode: 'pin' | 'area';
  /** The map's accessible name. */
  label: string;
  /** The draggable pin's accessible name. */
  pinLabel?: string;
  onPinChange?: (position: LatLng) => void;
  className?: string;
};
