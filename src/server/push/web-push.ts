import webpush from 'web-push';

// Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the browser (RFC 8291,
// aes128gcm), through the `web-push` library: a POST to the push service's endpoint that the
// browser's subscription names (Google's FCM for Chrome, Mozilla's, Apple's, Microsoft's).

export type VapidKeys = { publicKey: string; privateKey: string };
export type Subscription = { endpoint: string; p256dh: string; auth: string };
export type PushPayload = { title: string; body: string; url: string; tag?: string };

export type PushSender = {
  /** The key browsers subscribe with (applicationServerKey), base64url. */
  readonly publicKey: string;
  /** 'gone' when the push service says the subscription is no more (404, 410): delete it. */
  send(subscription: Subscription, payload: PushPayload, opts: { urgent: boolean }): Promise<'sent' | 'gone'>;
};

export const newVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

export function webPushSender(keys: VapidKeys, subject: string): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(subscription, payload, opts) {
      // The library signs and encrypts; the request goes by fetch, with its timeout (and, in
      // tests, to a local service over plain HTTP, which the library's own https call refuses).
      const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        // Kept by the push service for a day while the phone is off; older news is in the app.
        TTL: 86_400,
        urgency: opts.urgent ? 'high' : 'normal',
      });
      const res = await fetch(request.endpoint, { method: 'POST', headers: request.headers as Record<string, string>, body: request.body ? new Uint8Array(request.body) : null, signal: AbortSignal.timeout(30_000) });
      if (res.status === 404 || res.status === 410) return 'gone';
      if (!res.ok) throw new Error(`push service answered ${res.status}: ${(await res.text().catch(() => '')).slice(0, 200)}`);
      return 'sent';
    },
  };
}

/**
 * The push services a subscription may name: the app POSTs to the endpoint a browser gave, so an
 * endpoint elsewhere (a private address, any other site) is refused at subscription. Production
 * knows only the browsers' services; tests add their local one by configuration.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

export function isPushServiceEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}
