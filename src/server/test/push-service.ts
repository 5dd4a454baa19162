import { createECDH, createPublicKey, hkdfSync, randomBytes, createDecipheriv, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local push service that answers as RFC 8030's do, for the Web Push tests: it checks each
// push's VAPID authorisation (RFC 8292: an ES256 JWT for this origin, unexpired, with a contact,
// signed by the key it names) and decrypts its payload (RFC 8291, aes128gcm) with the
// subscription's private key, which only the browser holds (here, the test). It answers 201, 410
// for a subscription made gone, and 400/401/403 as a real service would for what it refuses.

const b64url = (b: Buffer) => b.toString('base64url');

export type ReceivedPush = { subscription: string; payload: unknown; urgency: string | undefined; ttl: string | undefined; vapid: { aud: string; sub: string; publicKey: string } };

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** RFC 8292: `vapid t=<jwt>, k=<key>`; answers the claims, or why it is refused. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] | string {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!m) return 'no VAPID authorization';
  const [h, p, s] = m[1]!.split('.') as [string, string, string];
  const key = Buffer.from(m[2]!, 'base64url');
  if (key.length !== 65 || key[0] !== 4) return 'k is not an uncompressed P-256 key';
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(key.subarray(1, 33)), y: b64url(key.subarray(33)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) return 'bad JWT signature';
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (head.alg !== 'ES256') return 'alg must be ES256';
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 86_400) return 'exp missing, past, or more than 24 hours ahead';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'sub must be a mailto: or https: contact';
  return { aud: claims.aud, sub: claims.sub, publicKey: m[2]! };
}

/** RFC 8291 and 8188: one aes128gcm record, decrypted with the browser's key and auth secret. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zeros.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end);
}

export async function startPushService() {
  const browsers = new Map<string, { ua: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const browser = id ? browsers.get(id) : undefined;
    const answer = (status: number, why?: string) => {
      if (why) refused.push(why);
      res.writeHead(status).end(why ?? '');
    };
    if (req.method !== 'POST' || !browser) return answer(404, 'no such subscription');
    if (browser.gone) return answer(410, 'subscription expired');
    const vapid = checkVapid(req.headers.authorization, origin);
    if (typeof vapid === 'string') return answer(401, vapid);
    if (req.headers['content-encoding'] !== 'aes128gcm') return answer(400, 'content-encoding must be aes128gcm');
    if (!req.headers.ttl) return answer(400, 'TTL missing');
    try {
      const payload = JSON.parse(decrypt(body, browser.ua, browser.auth).toString('utf8')) as unknown;
      received.push({ subscription: id!, payload, urgency: req.headers.urgency as string | undefined, ttl: req.headers.ttl as string | undefined, vapid });
      res.writeHead(201, { location: `/message/${received.length}` }).end();
    } catch {
      answer(400, 'payload does not decrypt');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    /** A browser's new subscription: what PushSubscription.toJSON() gives. */
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ua, auth, gone: false });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ua.getPublicKey()), auth: b64url(auth) } };
    },
    /** The push service forgets it (the user cleared the browser's data): 410 from now on. */
    expire(id: string) {
      browsers.get(id)!.gone = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
