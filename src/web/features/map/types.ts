export type LatLng = { lat: number; lng: number };

export type PinMapProps = {
  lat: number;
  lng: number;
  zoom?: number;
  /**
   * `pin`: a pin; one the user drags, or places by clicking the map, with `onPinChange`.
   * `area`: a soft circle around the place, for a listing page whose home is private.
   */
  mode: 'pin' | 'area';
  /** The map's accessible name. */
  label: string;
  /** The draggable pin's accessible name. */
  pinLabel?: string;
  onPinChange?: (position: LatLng) => void;
  className?: string;
};

export type MapArea = { north: number; south: number; east: number; west: number };

/** A listing as the search map draws it: a price pill. */
export type MapListing = LatLng & { id: string; title: string; price: number };

export type SearchMapProps = {
  listings: MapListing[];
  selectedId: string | null;
  hoveredId: string | null;
  onSelect: (id: string) => void;
  onHover: (id: string | null) => void;
  /** The area searched ("Search as I move the map"); the map shows it instead of fitting the results. */
  area?: MapArea;
  /** Changes when the filters do: the map then fits the new results. */
  fitKey: string;
  /** "Search as I move the map" is on (the URL holds a map area). */
  moveSearch: boolean;
  onMoveSearchChange: (on: boolean) => void;
  /** The visible area after the user moved the map, while moveSearch is on. */
  onAreaChange: (area: MapArea) => void;
  className?: string;
};
