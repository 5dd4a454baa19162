import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { Circle, Marker, useMap, useMapEvents } from 'react-leaflet';
import { escapeHtml, MapFrame } from './map-frame';
import { PUBLIC_AREA_RADIUS_METRES } from '@/domain/location';
import type { LatLng, PinMapProps } from './types';

// The map chunk: Leaflet, react-leaflet and Leaflet's stylesheet load only on pages that show a
// map, and only when the map is about to scroll into view (see lazy-map.tsx).

const PIN_SVG = `
<svg width="40" height="52" viewBox="0 0 40 52" aria-hidden="true" focusable="false">
  <path d="M20 51c-1.2 0-2.1-.6-2.8-1.6C10.4 39.7 2 30.6 2 20 2 10 10.1 2 20 2s18 8 18 18c0 10.6-8.4 19.7-15.2 29.4-.7 1-1.6 1.6-2.8 1.6Z" fill="#b8481a" stroke="#fff" stroke-width="2.5"/>
  <g fill="#fff">
    <ellipse cx="20" cy="24.5" rx="5.2" ry="4.4"/>
    <circle cx="13.4" cy="18.6" r="2.3"/><circle cx="17.6" cy="14.6" r="2.3"/>
    <circle cx="22.4" cy="14.6" r="2.3"/><circle cx="26.6" cy="18.6" r="2.3"/>
  </g>
</svg>`;

function pinIcon(label: string) {
  return L.divIcon({
    // An empty class: Leaflet's default one draws a white box behind the pin.
    className: '',
    html: `<span class="pawstay-pin">${PIN_SVG}<span class="sr-only">${escapeHtml(label)}</span></span>`,
    iconSize: [40, 52],
    // The tip of the pin, not its corner, sits on the coordinates.
    iconAnchor: [20, 50],
  });
}


/** Roughly 40 m at Ahmedabad's latitude: one arrow-key step of the pin. */
const NUDGE = 0.0004;

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function normalise({ lat, lng }: LatLng): LatLng {
  // Leaflet reports longitudes past ±180 when the map is panned around the world.
  const wrapped = L.latLng(lat, lng).wrap();
  return { lat: round(wrapped.lat), lng: round(wrapped.lng) };
}

/** Pans to the coordinates when they leave the visible area (typed into the fields). */
function KeepInView({ lat, lng }: LatLng) {
  const map = useMap();
  useEffect(() => {
    const point = L.latLng(lat, lng);
    if (!map.getBounds().pad(-0.1).contains(point)) map.panTo(point);
  }, [map, lat, lng]);
  return null;
}

function DraggablePin({ lat, lng, label, onPinChange }: LatLng & { label: string; onPinChange: (p: LatLng) => void }) {
  const markerRef = useRef<L.Marker>(null);
  const icon = useMemo(() => pinIcon(`${label}. Drag it, or focus it and use the arrow keys, to move it.`), [label]);
  const change = useRef(onPinChange);
  change.current = onPinChange;

  useMapEvents({
    click: (e) => change.current(normalise(e.latlng)),
  });

  // Arrow keys move the focused pin (Leaflet itself only drags it with a pointer).
  useEffect(() => {
    const marker = markerRef.current;
    const el = marker?.getElement();
    if (!marker || !el) return;
    const onKey = (e: KeyboardEvent) => {
      const step = e.shiftKey ? NUDGE * 10 : NUDGE;
      const delta: Record<string, [number, number]> = {
        ArrowUp: [step, 0],
        ArrowDown: [-step, 0],
        ArrowLeft: [0, -step],
        ArrowRight: [0, step],
      };
      const d = delta[e.key];
      if (!d) return;
      e.preventDefault();
      e.stopPropagation();
      const p = marker.getLatLng();
      change.current(normalise({ lat: p.lat + d[0], lng: p.lng + d[1] }));
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [icon]);

  return (
    <Marker
      ref={markerRef}
      position={[lat, lng]}
      icon={icon}
      draggable
      keyboard
      autoPan
      eventHandlers={{
        dragend: (e) => change.current(normalise((e.target as L.Marker).getLatLng())),
      }}
    />
  );
}

function StaticPin({ lat, lng, label }: LatLng & { label: string }) {
  const icon = useMemo(() => pinIcon(label), [label]);
  return <Marker position={[lat, lng]} icon={icon} interactive={false} keyboard={false} />;
}

export default function PinMap({ lat, lng, zoom = 14, mode, label, pinLabel = 'Location pin', onPinChange, className }: PinMapProps) {
  const pinned = mode === 'pin' && onPinChange;
  return (
    // One finger scrolls a phone's page past this map; two move it (Leaflet's tap handler is off by default).
    <MapFrame lat={lat} lng={lng} zoom={zoom} label={label} dragging={!L.Browser.mobile || Boolean(pinned)} className={className}>
      {pinned ? (
        <DraggablePin lat={lat} lng={lng} label={pinLabel} onPinChange={onPinChange} />
      ) : mode === 'pin' ? (
        <StaticPin lat={lat} lng={lng} label={pinLabel} />
      ) : (
        // An area, not a spot: the home is somewhere inside (the position is moved; domain/location.ts).
        <Circle
          center={[lat, lng]}
          radius={PUBLIC_AREA_RADIUS_METRES}
          interactive={false}
          pathOptions={{ color: '#b8481a', weight: 2, opacity: 0.7, fillColor: '#d9622f', fillOpacity: 0.14 }}
        />
      )}
      <KeepInView lat={lat} lng={lng} />
    </MapFrame>
  );
}
