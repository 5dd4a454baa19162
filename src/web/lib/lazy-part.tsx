import { createContext, lazy, useContext, useState, type ComponentType } from 'react';

// A part of a page whose code loads with it (React.lazy) that the server may have drawn: a tab
// opened by the page's address (/host?tab=payouts). Hydrated before its code has come, such a
// part stays the server's HTML after the app's first commit, and a press on it then is lost:
// React can neither hydrate it for the press nor replay the press once it has (the first-view
// loader has already let go). So the server lists the parts it drew (the names in `RenderedParts`),
// and the browser loads their code before it hydrates (main.tsx), as it does the route's.

/** The parts the server's render drew, by name: given by entry-server.tsx, absent in the browser. */
export const RenderedParts = createContext<Set<string> | null>(null);

/** Each part's loader by name, as the modules that declare parts are evaluated. */
const loaders = new Map<string, () => Promise<unknown>>();

/**
 * A lazily loaded part named `name` (unique in the app): `load` is its module's import. Once its
 * code is in, it renders directly, without suspending; each use keeps the kind of component it
 * began with, so that the code's arrival never mounts it anew (and loses its state).
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const start = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  loaders.set(name, start);
  const Lazy = lazy(start);
  function Part(props: P) {
    useContext(RenderedParts)?.add(name);
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  Part.displayName = `LazyPart(${name})`;
  return Part;
}

/**
 * Loads the code of the parts `names` (those the server drew), parts inside parts included: a
 * part's module declares the parts it draws only once it is loaded, so each round loads those
 * known by then. A part whose code fails to load is left to React.lazy, as before.
 */
export async function loadParts(names: readonly string[]): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    const next = names.filter((name) => !done.has(name) && loaders.has(name));
    if (next.length === 0) return;
    await Promise.all(
      next.map((name) => {
        done.add(name);
        return loaders.get(name)!().catch(() => undefined);
      }),
    );
  }
}
