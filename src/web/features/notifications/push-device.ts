import { call } from '@/web/lib/api';

// Push on this device (issue 38): the browser's side of a subscription. The service worker
// (service-worker/sw.ts) shows the pushes; this asks the browser for a subscription with the
// server's VAPID key and hands it to the server. Every browser API is looked for before it is
// used, and only from effects and handlers: nothing here runs at import or in the server's render.

/** What this browser can do about push, as the settings page shows it. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** A failure in words for the user (the API's own failures arrive as ApiError). */
export class PushProblem extends Error {
  override readonly name = 'PushProblem';
}

/** How long to wait for the service worker before saying it is not there (`npm run dev` has none). */
const WORKER_WAIT_MS = 5_000;

/** A base64url string (padded or not) as bytes: the VAPID key as PushManager.subscribe takes it. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const bare = text.replace(/=+$/, '');
  if (!/^[\w-]*$/.test(bare) || bare.length % 4 === 1) throw new Error('not base64url');
  const base64 = bare.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's subscription, if it has one; never waits for a worker that is not there. */
async function subscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Whether notifications are blocked. The Permissions API first: Chromium's headless shell (the
 * browser tests') says `Notification.permission` is 'denied' whatever was granted, while the query
 * answers as a browser does; where there is no query, Notification.permission.
 */
async function blocked(): Promise<boolean> {
  const query = await navigator.permissions?.query({ name: 'notifications' }).catch(() => undefined);
  return (query?.state ?? Notification.permission) === 'denied';
}

/** Where this browser stands: for an effect, after the first render. */
export async function detectPush(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (await blocked()) return 'denied';
  return (await subscription().catch(() => null)) ? 'on' : 'off';
}

async function readyWorker(): Promise<ServiceWorkerRegistration> {
  let timer = 0;
  const late = new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, WORKER_WAIT_MS)));
  const registration = await Promise.race([navigator.serviceWorker.ready, late]).finally(() => window.clearTimeout(timer));
  if (!registration) throw new PushProblem(/*i18n*/ "Push needs the installed app's service worker; try again in a moment.");
  return registration;
}

/**
 * Asks for permission, subscribes with the server's key and hands the subscription to the server.
 * Resolves with the state to show; throws a PushProblem or the API's ApiError.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') throw new PushProblem(/*i18n*/ 'Allow notifications when your browser asks, to get push on this device.');
  const registration = await readyWorker();
  const { public_key } = await call('GET /api/push/key');
  let sub: PushSubscription;
  try {
    sub = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(public_key) });
  } catch (err) {
    console.warn('PawStay: push subscription failed', err);
    throw new PushProblem(/*i18n*/ 'This browser could not set up push right now. Please try again later.');
  }
  const { endpoint, keys } = sub.toJSON();
  try {
    await call('POST /api/push/subscriptions', { body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } } });
  } catch (err) {
    // Not kept by the server: not kept here either, so that the page does not say it is on.
    await sub.unsubscribe().catch(() => undefined);
    throw err;
  }
  return 'on';
}

/** Ends this browser's subscription, here and on the server. */
export async function turnOffPush(): Promise<PushState> {
  const sub = supported() ? await subscription() : null;
  if (sub) {
    await call('POST /api/push/subscriptions/remove', { body: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  }
  return 'off';
}
