import type { ExternalToast } from 'sonner';

// Toasts without sonner in the first view's JavaScript: sonner and its <Toaster> load on the first
// toast (always after a user's action), not with every page. Ids are made here, so a caller can
// dismiss a toast before sonner has arrived. sonner replays toasts made before its <Toaster>
// subscribed, so nothing shown in that moment is lost.

type Kind = 'success' | 'error';
type ToastId = string;

let sonner: Promise<typeof import('sonner')> | undefined;
const mountListeners = new Set<() => void>();

/** Resolves with sonner once it has loaded, and asks the ToasterHost to mount its <Toaster>. */
function load(): Promise<typeof import('sonner')> {
  if (!sonner) {
    sonner = import('sonner').catch((err: unknown) => {
      sonner = undefined; // the next toast tries again
      throw err;
    });
    for (const mount of mountListeners) mount();
  }
  return sonner;
}

/** For ToasterHost: `mount` is called once a toast is wanted (at once if one already was). */
export function onToasterWanted(mount: () => void): () => void {
  if (sonner) mount();
  mountListeners.add(mount);
  return () => mountListeners.delete(mount);
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
