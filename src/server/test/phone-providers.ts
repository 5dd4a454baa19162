import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server that answers as MSG91's Flow API and WhatsApp's Cloud API document (their
// request checks and answers, errors included), for the adapters' contract tests (phone/adapters.test.ts) and the app run with their keys. It records what
// it was sent, and a test may make it refuse the next calls.

export type ProviderCall = { provider: 'msg91' | 'whatsapp'; path: string; headers: IncomingMessage['headers']; body: Record<string, unknown>; /** Answered 200: sent. */ ok?: boolean };

export const FAKE = { msg91AuthKey: 'msg91-test-authkey', whatsappToken: 'EAAtest-system-user-token', phoneNumberId: '106540352242922' } as const;

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(text) as Record<string, unknown>);
      } catch {
        resolve({});
      }
    });
  });
}

const MOBILE = /^91[6-9]\d{9}$/;

/** MSG91 Flow: authkey header, a template id, recipients with `mobiles` (country code, no plus) and their values. */
function msg91Answer(call: ProviderCall): [number, unknown] {
  if (call.headers.authkey !== FAKE.msg91AuthKey) return [401, { type: 'error', message: 'Authentication failure', code: '401' }];
  const { template_id: template, recipients } = call.body as { template_id?: unknown; recipients?: unknown };
  if (typeof template !== 'string' || !template) return [400, { type: 'error', message: 'template_id missing' }];
  if (!Array.isArray(recipients) || recipients.length === 0 || !recipients.every((r: { mobiles?: unknown }) => typeof r.mobiles === 'string' && MOBILE.test(r.mobiles))) {
    return [400, { type: 'error', message: 'Mobile no. not found' }];
  }
  return [200, { type: 'success', message: `3${Date.now().toString(16)}` }];
}

/** Cloud API: Bearer token, the number id in the path, a template message to a number; 131026 for one not on WhatsApp. */
function whatsappAnswer(call: ProviderCall, undeliverable: ReadonlySet<string>): [number, unknown] {
  if (call.headers.authorization !== `Bearer ${FAKE.whatsappToken}`) return [401, { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'A1' } }];
  if (call.path !== `/v21.0/${FAKE.phoneNumberId}/messages`) return [400, { error: { message: 'Unsupported post request.', type: 'GraphMethodException', code: 100, fbtrace_id: 'A2' } }];
  const b = call.body as { messaging_product?: unknown; to?: unknown; type?: unknown; template?: { name?: unknown; language?: { code?: unknown }; components?: { type: string; parameters: { type: string; text: string }[] }[] } };
  const params = b.template?.components?.find((c) => c.type === 'body')?.parameters ?? [];
  const paramBad = params.some((p) => p.type !== 'text' || /[\n\t]| {5,}/.test(p.text));
  if (b.messaging_product !== 'whatsapp' || b.type !== 'template' || typeof b.template?.name !== 'string' || typeof b.template.language?.code !== 'string' || paramBad) {
    return [400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'A3' } }];
  }
  if (typeof b.to !== 'string' || !MOBILE.test(b.to)) return [400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'A4' } }];
  if (undeliverable.has(b.to)) return [400, { error: { message: 'Message undeliverable', type: 'OAuthException', code: 131026, fbtrace_id: 'A5' } }];
  return [200, { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: `wamid.HBgM${Date.now()}` }] }];
}

export async function startFakeProviders(port = 0) {
  const calls: ProviderCall[] = [];
  let down = 0;
  const undeliverable = new Set<string>();
  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? '';
    const provider = path.startsWith('/api/v5/') ? 'msg91' : 'whatsapp';
    const call: ProviderCall = { provider, path, headers: req.headers, body: await readJson(req) };
    calls.push(call);
    const [status, body] = down > 0 ? (down--, [503, provider === 'msg91' ? { type: 'error', message: 'Service unavailable' } : { error: { message: 'Service temporarily unavailable', code: 2, fbtrace_id: 'A0' } }]) : provider === 'msg91' && path === '/api/v5/flow' ? msg91Answer(call) : whatsappAnswer(call, undeliverable);
    call.ok = status === 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    calls,
    msg91Url: `${base}/api/v5`,
    whatsappUrl: `${base}/v21.0`,
    /** The next `n` calls answer 503, as a provider that is down. */
    failNext(n: number) {
      down = n;
    },
    /** `number` (91…) is not on WhatsApp. */
    notOnWhatsApp(number: string) {
      undeliverable.add(number);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
