import { useEffect, useState } from 'react';

/**
 * What `load` (a chunk's import) gives, once `wanted` has been true and the chunk has arrived:
 * undefined until then, and kept afterwards. For a part loaded on first use (a sheet, a dialog)
 * that should show the moment its code is there. React.lazy would suspend, and React reveals a
 * suspended part no sooner than 300 ms after its fallback (its fallback throttle), so a sheet
 * pressed open waited for that even when its code had been fetched at the press (decision 047). A
 * chunk that fails to load leaves nothing shown; the next time `wanted` turns true tries again.
 */
export function useLoaded<T>(load: () => Promise<T>, wanted: boolean): T | undefined {
  const [loaded, setLoaded] = useState<{ value: T }>();
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    load().then(
      (value) => live && setLoaded({ value }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, load]);
  return loaded?.value;
}
