import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MapPin } from 'lucide-react';
import { cn } from '@/web/lib/cn';
import type { PinMapProps } from './types';

export type { LatLng, PinMapProps } from './types';

const loadMap = () => import('./pin-map');
const PinMap = /* @__PURE__ */ lazy(loadMap);

/** Starts downloading the map chunk early (e.g. when a form that shows one opens). */
export function preloadMap(): void {
  void loadMap();
}

/**
 * A map that costs nothing until it is near the viewport: a calm placeholder first, then the
 * Leaflet chunk. The wrapper isolates Leaflet's z-indices so the map never covers the header.
 */
export function LazyMap({ className, eager = false, ...props }: PinMapProps & { eager?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(eager);

  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={ref} className={cn('relative isolate overflow-hidden bg-sand-100', className)}>
      {near ? (
        <Suspense fallback={<MapPlaceholder />}>
          <PinMap {...props} className="absolute inset-0" />
        </Suspense>
      ) : (
        <MapPlaceholder />
      )}
    </div>
  );
}

function MapPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 flex items-center justify-center bg-sand-100 bg-[linear-gradient(to_right,rgb(255_255_255/0.8)_2px,transparent_2px),linear-gradient(to_bottom,rgb(255_255_255/0.8)_2px,transparent_2px)] bg-[size:64px_64px]"
    >
      <MapPin className="size-8 text-primary-600/60" />
    </div>
  );
}
