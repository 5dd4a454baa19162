import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

// ETags for the answers a route has marked public (search, public listing pages, the client
// config): a browser or proxy revalidating one gets 304 with no body when nothing changed. Private
// answers are no-store and are never revalidated, so they are not hashed. Static files get theirs
// from @fastify/static. Installed before compression, so the tag is of the JSON itself: it is a
// weak tag (W/"..."), which may stand for the same content in any encoding (RFC 9110 8.8.1).

/** Whether an If-None-Match header value names `etag` (weak comparison, RFC 9110 section 13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

export function installPublicEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl !== 'string' || !cacheControl.startsWith('public')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
    // A 304 repeats the Vary the full answer would carry (compression adds accept-encoding only
    // to a body it compresses), and has no body, no length and no type.
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    reply.code(304).removeHeader('content-type');
    // Fastify's own HEAD handling reads the payload it is given, so a HEAD gets an empty one.
    return request.method === 'HEAD' ? '' : null;
  });
}
