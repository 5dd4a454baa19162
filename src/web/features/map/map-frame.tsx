import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useState, type ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { Trans, useLingui } from '@lingui/react/macro';
import { useClientConfig } from '@/web/lib/config';
import { probeTiles } from './tiles';
import type { LatLng } from './types';

// What every map of ours shares (in the map chunks only): the tile layer from MAP_TILE_URL when
// the tile server answers, a drawn backdrop when it does not, an accessible name, and the
// "Street map unavailable" note.

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

export type MapFrameProps = LatLng & {
  zoom: number;
  label: string;
  /** Drag the map with one finger on a phone (a full-screen map); off where the page scrolls past it. */
  dragging: boolean;
  scrollWheelZoom?: boolean;
  className?: string;
  children: ReactNode;
  /** Drawn over the map, outside Leaflet's layers (controls of our own). */
  overlay?: ReactNode;
};

export function MapFrame({ lat, lng, zoom, label, dragging, scrollWheelZoom = false, className, children, overlay }: MapFrameProps) {
  const config = useClientConfig();
  const { t } = useLingui();
  const [tiles, setTiles] = useState<'probing' | 'ok' | 'offline'>('probing');
  const offline = tiles === 'offline' || config.isError;

  return (
    <div className={className} data-map-tiles={offline ? 'offline' : tiles}>
      <MapContainer
        center={[lat, lng]}
        zoom={zoom}
        minZoom={3}
        maxZoom={18}
        scrollWheelZoom={scrollWheelZoom}
        dragging={dragging}
        attributionControl={false}
        zoomControl={false}
        className="size-full bg-sand-100!"
      >
        <MapLabel label={label} />
        {/* Leaflet's own control, its buttons named in the page's language. */}
        <ZoomControl zoomInTitle={t`Zoom in`} zoomOutTitle={t`Zoom out`} />
        <OfflineBackdrop />
        <TileState template={config.data?.mapTileUrl} lat={lat} lng={lng} zoom={zoom} onState={(ok) => setTiles(ok ? 'ok' : 'offline')} />
        {tiles === 'ok' && config.data && (
          <>
            <TileLayer url={config.data.mapTileUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' />
            <AttributionControl prefix={false} />
          </>
        )}
        {children}
      </MapContainer>
      {overlay}
      {offline && (
        <p className="pointer-events-none absolute bottom-3 left-3 z-[500] rounded-full bg-white/90 px-3 py-1 text-xs font-medium text-stone-700 shadow-sm ring-1 ring-stone-200">
          <Trans>Street map unavailable right now</Trans>
        </p>
      )}
    </div>
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
