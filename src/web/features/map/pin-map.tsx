import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AttributionControl, Circle, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useClientConfig } from '@/web/lib/config';
import { probeTiles } from './tiles';
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

const dotIcon = L.divIcon({
  className: '',
  html: '<span class="pawstay-dot" aria-hidden="true"></span>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Roughly 40 m at Ahmedabad's latitude: one arrow-key step of the pin. */
const NUDGE = 0.0004;

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function normalise({ lat, lng }: LatLng): LatLng {
  // Leaflet reports longitudes past ±180 when the map is panned around the world.
  const wrapped = L.latLng(lat, lng).wrap();
  return { lat: round(wrapped.lat), lng: round(wrapped.lng) };
}

/**
 * A calm, map-like backdrop drawn in the browser: blocks, streets and the odd park in sand
 * tones. It moves and zooms like a real map, so the map looks intentional without tiles.
 */
function OfflineBackdrop() {
  const map = useMap();
  useEffect(() => {
    const Backdrop = L.GridLayer.extend({
      createTile(coords: L.Coords) {
        const canvas = document.createElement('canvas');
        const size = 256;
        canvas.width = size;
        canvas.height = size;
        const ctx = canvas.getContext('2d');
        if (!ctx) return canvas;
        let seed = (coords.x * 73856093) ^ (coords.y * 19349663) ^ (coords.z * 83492791);
        const random = () => {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          return seed / 0x7fffffff;
        };
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, size, size);
        const block = 64;
        for (let bx = 0; bx < size; bx += block) {
          for (let by = 0; by < size; by += block) {
            const r = random();
            ctx.fillStyle = r < 0.1 ? '#e2ecd6' : r < 0.55 ? '#f4eee5' : '#efe7db';
            ctx.beginPath();
            ctx.roundRect(bx + 4, by + 4, block - 8, block - 8, 6);
            ctx.fill();
          }
        }
        // A main road along two tile edges, so neighbouring tiles join into a grid of avenues.
        ctx.fillStyle = '#fbf7f1';
        ctx.fillRect(0, 0, size, 5);
        ctx.fillRect(0, 0, 5, size);
        ctx.strokeStyle = 'rgba(226, 211, 192, 0.9)';
        ctx.lineWidth = 1;
        ctx.strokeRect(0.5, 0.5, size, size);
        return canvas;
      },
    });
    const layer = new (Backdrop as unknown as new (options: L.GridLayerOptions) => L.GridLayer)({ tileSize: 256, zIndex: 0 });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map]);
  return null;
}

/** Names the map for assistive technology (Leaflet makes its container focusable). */
function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
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

function TileState({ template, lat, lng, zoom, onState }: LatLng & { template: string | undefined; zoom: number; onState: (ok: boolean) => void }) {
  useEffect(() => {
    if (!template) return;
    let live = true;
    void probeTiles(template, lat, lng, zoom).then((ok) => live && onState(ok));
    return () => {
      live = false;
    };
    // Asked once per template: moving the pin does not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template]);
  return null;
}

export default function PinMap({ lat, lng, zoom = 14, mode, label, pinLabel = 'Location pin', onPinChange, className }: PinMapProps) {
  const config = useClientConfig();
  const [tiles, setTiles] = useState<'probing' | 'ok' | 'offline'>('probing');
  const offline = tiles === 'offline' || config.isError;
  const pinned = mode === 'pin' && onPinChange;

  return (
    <div className={className} data-map-tiles={offline ? 'offline' : tiles}>
      <MapContainer
        center={[lat, lng]}
        zoom={zoom}
        minZoom={3}
        maxZoom={18}
        scrollWheelZoom={false}
        // One finger scrolls a phone's page; two move the map (Leaflet's tap handler is off by default).
        dragging={!L.Browser.mobile || Boolean(pinned)}
        attributionControl={false}
        className="size-full bg-sand-100!"
      >
        <MapLabel label={label} />
        <OfflineBackdrop />
        <TileState template={config.data?.mapTileUrl} lat={lat} lng={lng} zoom={zoom} onState={(ok) => setTiles(ok ? 'ok' : 'offline')} />
        {tiles === 'ok' && config.data && (
          <>
            <TileLayer url={config.data.mapTileUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' />
            <AttributionControl prefix={false} />
          </>
        )}
        {pinned ? (
          <DraggablePin lat={lat} lng={lng} label={pinLabel} onPinChange={onPinChange} />
        ) : (
          <>
            <Circle
              center={[lat, lng]}
              radius={450}
              interactive={false}
              pathOptions={{ color: '#b8481a', weight: 2, opacity: 0.7, fillColor: '#d9622f', fillOpacity: 0.14 }}
            />
            <Marker position={[lat, lng]} icon={dotIcon} interactive={false} keyboard={false} />
          </>
        )}
        <KeepInView lat={lat} lng={lng} />
      </MapContainer>
      {offline && (
        <p className="pointer-events-none absolute bottom-3 left-3 z-[500] rounded-full bg-white/90 px-3 py-1 text-xs font-medium text-stone-700 shadow-sm ring-1 ring-stone-200">
          Street map unavailable right now
        </p>
      )}
    </div>
  );
}
