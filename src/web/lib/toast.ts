import type { ExternalToast } from 'sonner';

// Toasts without sonner in the first view's JavaScript: sonner and its <Toaster> load on the first
// toast (always after a user's action), not with every page. Ids are made here, so a caller can
// dismiss a toast before sonner has arrived. sonner replays toasts made before its <Toaster>
// subscribed, so nothing shown in that moment is lost.

type Kind = 'success' | 'error';
type ToastId = string;

type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | undefined;
let loadedSonner: Sonner | undefined;
const mountListeners = new Set<(loaded: Sonner) => void>();

/** Resolves with sonner once it has loaded, and hands it to the ToasterHost to mount its <Toaster>. */
function load(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner').then(
      (loaded) => {
        loadedSonner = loaded;
        for (const mount of mountListeners) mount(loaded);
        return loaded;
      },
      (err: unknown) => {
        sonner = undefined; // the next toast tries again
        throw err;
      },
    );
  }
  return sonner;
}

/** For ToasterHost: `mount` gets sonner once a toast has loaded it (at once if one already has). */
export function onToasterWanted(mount: (loaded: Sonner) => void): () => void {
  if (loadedSonner) mount(loadedSonner);
  mountListeners.add(mount);
  return () => void mountListeners.delete(mount);
}

let nextId = 0;

function show(kind: Kind, message: string, options?: ExternalToast): ToastId {
  const id = options?.id !== undefined ? String(options.id) : `toast-${++nextId}`;
  load().then(
    (m) => m.toast[kind](message, { ...options, id }),
    // The chunk failed to load (a deploy, the network): the action itself already happened.
    () => undefined,
  );
  return id;
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  dismiss: (id: ToastId) => {
    sonner?.then((m) => m.toast.dismiss(id), () => undefined);
  },
};
