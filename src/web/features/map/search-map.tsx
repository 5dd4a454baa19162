import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatInr } from '@/domain/money/units';
import { MAP_START } from '@/domain/cities';
import { clusterPoints } from './cluster';
import { escapeHtml, MapFrame } from './map-frame';
import type { MapArea, MapListing, SearchMapProps } from './types';

// The search page's map (its own chunk, loaded only where the map is shown): a price pill per
// listing, clusters where pills would overlap, and "Search as I move the map".

/** About the size of a price pill, in pixels: closer than this, two pills become a cluster. */
const PILL = { width: 76, height: 34 };

type PillState = 'idle' | 'hovered' | 'selected';

/** A listing's price pill; `reading` is what a screen reader says for it ("Sunny flat, ₹1,500 a night"). */
function pillIcon(listing: MapListing, price: string, reading: string) {
  return L.divIcon({
    className: 'pawstay-marker',
    html: `<span class="pawstay-pill" data-listing-id="${escapeHtml(listing.id)}"><span aria-hidden="true">${price}</span><span class="sr-only">${escapeHtml(reading)}</span></span>`,
    iconSize: undefined,
    iconAnchor: undefined,
  });
}

/** A cluster's pill ("3 stays"), and what a screen reader says for it. */
function clusterIcon(shown: string, reading: string) {
  return L.divIcon({
    className: 'pawstay-marker',
    html: `<span class="pawstay-cluster"><span aria-hidden="true">${escapeHtml(shown)}</span><span class="sr-only">${escapeHtml(reading)}</span></span>`,
    iconSize: undefined,
    iconAnchor: undefined,
  });
}

const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

function areaOf(map: L.Map): MapArea {
  const b = map.getBounds();
  return { north: clamp(b.getNorth(), 90), south: clamp(b.getSouth(), 90), east: clamp(b.getEast(), 180), west: clamp(b.getWest(), 180) };
}

const toBounds = (area: MapArea) => L.latLngBounds([area.south, area.west], [area.north, area.east]);

/**
 * Moves the map without it counting as the user's move: `animate: false` makes Leaflet fire its
 * move events inside the call, while the flag is up.
 */
function useProgrammaticMove() {
  const moving = useRef(false);
  return useMemo(() => ({
    isProgrammatic: () => moving.current,
    run(move: () => void) {
      moving.current = true;
      try {
        move();
      } finally {
        moving.current = false;
      }
    },
  }), []);
}

type Mover = ReturnType<typeof useProgrammaticMove>;

/** Fits the map to new results (not while the user searches by moving the map). */
function FitView({ listings, area, fitKey, mover }: { listings: MapListing[]; area?: MapArea; fitKey: string; mover: Mover }) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    // An empty key: the results on screen are the previous search's, still waiting for the next.
    if (!fitKey || fitted.current === fitKey) return;
    fitted.current = fitKey;
    if (area) {
      // An area the map does not show yet (a reload, a shared link, back/forward): show it.
      if (!map.getBounds().equals(toBounds(area), 1e-3)) mover.run(() => map.fitBounds(toBounds(area), { animate: false }));
      return;
    }
    if (listings.length === 0) return;
    const bounds = L.latLngBounds(listings.map((l) => [l.lat, l.lng] as [number, number]));
    mover.run(() => map.fitBounds(bounds, { padding: [48, 48], maxZoom: 15, animate: false }));
  }, [map, listings, area, fitKey, mover]);
  return null;
}

function MoveSearch({ enabled, onAreaChange, mover }: { enabled: boolean; onAreaChange: (a: MapArea) => void; mover: Mover }) {
  const map = useMap();
  const latest = useRef({ enabled, onAreaChange });
  latest.current = { enabled, onAreaChange };
  useMapEvents({
    moveend: () => {
      if (mover.isProgrammatic() || !latest.current.enabled) return;
      latest.current.onAreaChange(areaOf(map));
    },
  });
  return null;
}

/** Hands the Leaflet map to the controls drawn outside it. */
function KeepMap({ into }: { into: { current: L.Map | null } }) {
  into.current = useMap();
  return null;
}

function Pills({ listings, selectedId, hoveredId, onSelect, onHover, mover }: Pick<SearchMapProps, 'selectedId' | 'hoveredId' | 'onSelect' | 'onHover'> & { listings: MapListing[]; mover: Mover }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });

  const byId = useMemo(() => new Map(listings.map((l) => [l.id, l])), [listings]);
  const clusters = useMemo(() => {
    // The selected and hovered listings are placed first, so they keep a pill of their own.
    const first = [...new Set([selectedId, hoveredId])].filter((id): id is string => id !== null && byId.has(id));
    const ordered = [...first.map((id) => byId.get(id)!), ...listings.filter((l) => !first.includes(l.id))];
    const points = ordered.map((l) => {
      const p = map.project([l.lat, l.lng], zoom);
      return { id: l.id, x: p.x, y: p.y };
    });
    return clusterPoints(points, PILL.width, PILL.height);
    // Clusters depend on the zoom, not on the pan; hover changes only restyle them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, listings, zoom, byId, selectedId]);

  return (
    <>
      {clusters.map((cluster) => {
        const members = cluster.ids.map((id) => byId.get(id)!);
        const state: PillState = cluster.ids.includes(selectedId ?? '') ? 'selected' : cluster.ids.includes(hoveredId ?? '') ? 'hovered' : 'idle';
        if (members.length === 1) {
          const listing = members[0]!;
          return <PillMarker key={listing.id} listing={listing} state={state} onSelect={onSelect} onHover={onHover} />;
        }
        return (
          <ClusterMarker
            key={cluster.ids.join(',')}
            members={members}
            position={map.unproject([cluster.x, cluster.y], zoom)}
            state={state}
            onZoomIn={(bounds) => {
              const target = Math.min(map.getBoundsZoom(bounds, false, L.point(96, 96)), map.getMaxZoom());
              // Pills that share one spot cannot be pulled apart by zooming: show the first.
              if (target <= zoom) onSelect(members[0]!.id);
              else mover.run(() => map.fitBounds(bounds, { padding: [48, 48], animate: false }));
            }}
          />
        );
      })}
    </>
  );
}

const Z_INDEX: Record<PillState, number> = { idle: 0, hovered: 900, selected: 1000 };

/**
 * A marker whose look follows `state` through a data attribute on the same element: replacing
 * the icon would drop keyboard focus from it.
 */
function StatefulMarker({
  icon,
  position,
  state,
  onClick,
  onFocusChange,
  onPointerChange,
}: {
  icon: L.DivIcon;
  position: L.LatLngExpression;
  state: PillState;
  onClick: () => void;
  onFocusChange?: (focused: boolean) => void;
  onPointerChange?: (over: boolean) => void;
}) {
  const markerRef = useRef<L.Marker>(null);
  const handlers = useRef({ onClick, onFocusChange, onPointerChange });
  handlers.current = { onClick, onFocusChange, onPointerChange };

  useEffect(() => {
    const marker = markerRef.current;
    const el = marker?.getElement();
    if (!marker || !el) return;
    (el.firstElementChild as HTMLElement | null)?.setAttribute('data-state', state);
    marker.setZIndexOffset(Z_INDEX[state]);
  }, [icon, state]);

  useEffect(() => {
    const el = markerRef.current?.getElement();
    if (!el) return;
    const focus = () => handlers.current.onFocusChange?.(true);
    const blur = () => handlers.current.onFocusChange?.(false);
    el.addEventListener('focus', focus);
    el.addEventListener('blur', blur);
    return () => {
      el.removeEventListener('focus', focus);
      el.removeEventListener('blur', blur);
    };
  }, [icon]);

  const eventHandlers = useMemo(
    () => ({
      click: () => handlers.current.onClick(),
      mouseover: () => handlers.current.onPointerChange?.(true),
      mouseout: () => handlers.current.onPointerChange?.(false),
    }),
    [],
  );

  return <Marker ref={markerRef} position={position} icon={icon} keyboard eventHandlers={eventHandlers} />;
}

function PillMarker({ listing, state, onSelect, onHover }: { listing: MapListing; state: PillState; onSelect: (id: string) => void; onHover: (id: string | null) => void }) {
  const { t } = useLingui();
  const price = formatInr(listing.price);
  const title = listing.title;
  const reading = t`${title}, ${price} a night`;
  const icon = useMemo(() => pillIcon(listing, price, reading), [listing, price, reading]);
  const hover = (on: boolean) => onHover(on ? listing.id : null);
  return (
    <StatefulMarker
      icon={icon}
      position={[listing.lat, listing.lng]}
      state={state}
      onClick={() => onSelect(listing.id)}
      onFocusChange={hover}
      onPointerChange={hover}
    />
  );
}

function ClusterMarker({ members, position, state, onZoomIn }: { members: MapListing[]; position: L.LatLng; state: PillState; onZoomIn: (bounds: L.LatLngBounds) => void }) {
  const { t } = useLingui();
  const count = members.length;
  const shown = t({ message: plural(count, { one: '# stay', other: '# stays' }) });
  const reading = t({ message: plural(count, { one: '# stay close together: zoom in', other: '# stays close together: zoom in' }) });
  const icon = useMemo(() => clusterIcon(shown, reading), [shown, reading]);
  return (
    <StatefulMarker
      icon={icon}
      position={position}
      state={state}
      onClick={() => onZoomIn(L.latLngBounds(members.map((l) => [l.lat, l.lng] as [number, number])))}
    />
  );
}

export default function SearchMap({
  listings,
  selectedId,
  hoveredId,
  onSelect,
  onHover,
  area,
  fitKey,
  moveSearch,
  onMoveSearchChange,
  onAreaChange,
  className,
}: SearchMapProps) {
  const { t } = useLingui();
  const mover = useProgrammaticMove();
  const mapRef = useRef<L.Map | null>(null);
  const start = area ? { lat: (area.north + area.south) / 2, lng: (area.east + area.west) / 2 } : MAP_START;
  return (
    <MapFrame
      lat={start.lat}
      lng={start.lng}
      zoom={MAP_START.zoom}
      label={t`Map of the stays found`}
      dragging
      scrollWheelZoom
      className={className}
      overlay={
        <label className="absolute top-3 left-1/2 z-[500] flex -translate-x-1/2 cursor-pointer items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold whitespace-nowrap text-stone-900 shadow-md ring-1 ring-stone-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600">
          <input
            type="checkbox"
            checked={moveSearch}
            onChange={(e) => {
              onMoveSearchChange(e.target.checked);
              // Turning the option on searches the area in view at once.
              if (e.target.checked && mapRef.current) onAreaChange(areaOf(mapRef.current));
            }}
            className="size-4 accent-primary-600 focus-visible:outline-none"
          />
          <Trans>Search as I move the map</Trans>
        </label>
      }
    >
      <KeepMap into={mapRef} />
      {/* Pills first: their zoom listener must be in place before FitView's first fit. */}
      <Pills listings={listings} selectedId={selectedId} hoveredId={hoveredId} onSelect={onSelect} onHover={onHover} mover={mover} />
      <MoveSearch enabled={moveSearch} onAreaChange={onAreaChange} mover={mover} />
      <FitView listings={listings} area={area} fitKey={fitKey} mover={mover} />
    </MapFrame>
  );
}
