import { useEffect, useState, type ComponentType } from 'react';
import { MapPinOff } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import type { SearchMapProps } from './types';

// The search map's chunk is fetched only when the map is shown (the List tab on a phone never
// loads it). A flaky connection gets three more tries with growing waits (SPEC.md section 4:
// "2, 8 and 24", here tenths of a second, so that a user who is offline gets a Retry button within
// about 3.5 s instead of waiting over half a minute), then a Retry button.

export const MAP_RETRY_WAITS_MS = [200, 800, 2400] as const;

type MapModule = { default: ComponentType<SearchMapProps> };
let loaded: MapModule | null = null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loadWithRetries(): Promise<MapModule> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await import('./search-map');
    } catch (error) {
      const wait = MAP_RETRY_WAITS_MS[attempt];
      if (wait === undefined) throw error;
      await sleep(wait);
    }
  }
}

export function LazySearchMap({ className, ...props }: SearchMapProps) {
  const [module, setModule] = useState<MapModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (module) return;
    let live = true;
    setFailed(false);
    loadWithRetries().then(
      (m) => {
        loaded = m;
        if (live) setModule(m);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module, round]);

  const Map = module?.default;
  return (
    <div className={cn('relative isolate overflow-hidden bg-sand-100', className)} data-testid="search-map">
      {Map ? (
        <Map {...props} className="absolute inset-0" />
      ) : (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-sand-100 bg-[linear-gradient(to_right,rgb(255_255_255/0.8)_2px,transparent_2px),linear-gradient(to_bottom,rgb(255_255_255/0.8)_2px,transparent_2px)] bg-[size:64px_64px] p-6 text-center"
          role={failed ? 'alert' : 'status'}
        >
          {failed ? (
            <>
              <MapPinOff className="size-8 text-stone-500" aria-hidden="true" />
              <p className="max-w-xs font-medium text-stone-800">
                <Trans>The map could not be loaded. Your results are still in the list.</Trans>
              </p>
              <Button variant="outline" onClick={() => setRound((r) => r + 1)}>
                <Trans>Retry</Trans>
              </Button>
            </>
          ) : (
            <span className="sr-only">
              <Trans>Loading the map</Trans>
            </span>
          )}
        </div>
      )}
    </div>
  );
}
