import { APP_READY_EVENT } from '@/web/app/app-readiness';
import { whenIdle } from '@/web/lib/when-idle';

/**
 * Registers the service worker (sw.ts, served as /sw.js) once the app has drawn its first view,
 * the page has loaded, and the main thread is idle: its install fetches the offline page's files,
 * which must not share the first view's connection or time (decision 057). Called before the app's
 * first render, so that it hears the app say it is ready. Not under `npm run dev`: Vite's server
 * has no /sw.js.
 */
export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    whenIdle(() => {
      // Without it the app works as before, only without the offline page and push.
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => console.warn('PawStay: the service worker was not registered', err));
    });
  const afterLoad = () => (document.readyState === 'complete' ? register() : window.addEventListener('load', register, { once: true }));
  document.addEventListener(APP_READY_EVENT, afterLoad, { once: true });
}
