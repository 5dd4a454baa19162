import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from './escape-html';

// /dev/outbox (development and tests only, decision 058): what the test modes "sent": the mail
// written without SMTP_URL, and the SMS and WhatsApp messages of the phone channels' test mode,
// newest first, all from DATA_DIR/outbox. Where a developer reads a sign-in or phone code, and a
// browser test sees which channels a notice went by.

const SHOWN = 100;

const mailFile = z.object({ to: z.string(), subject: z.string(), text: z.string() });
const phoneFile = z.object({ channel: z.enum(['sms', 'whatsapp']), to: z.string(), template: z.string(), text: z.string() });

type Entry = { channel: 'E-mail' | 'SMS' | 'WhatsApp'; to: string; what: string; text: string; at: string };

/** The file name starts with the time it was written (mailer.ts, phone/test-mode.ts). */
const timeOf = (file: string) => file.slice(0, 24).replace(/^(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, '$1:$2:$3.$4Z');

/** An address in lower case, a number by its digits: `?to=+91…` typed by hand arrives as " 91…". */
const recipientKey = (to: string) => (to.includes('@') ? to.trim().toLowerCase() : to.replace(/\D/g, ''));

async function readEntries(dir: string, to: string | undefined): Promise<Entry[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort().reverse();
  const entries: Entry[] = [];
  for (const file of files) {
    if (entries.length >= SHOWN) break;
    const json: unknown = JSON.parse(await readFile(path.join(dir, file), 'utf8').catch(() => 'null'));
    const phone = phoneFile.safeParse(json);
    const mail = mailFile.safeParse(json);
    const entry: Entry | undefined = phone.success
      ? { channel: phone.data.channel === 'sms' ? 'SMS' : 'WhatsApp', to: phone.data.to, what: phone.data.template, text: phone.data.text, at: timeOf(file) }
      : mail.success
        ? { channel: 'E-mail', to: mail.data.to, what: mail.data.subject, text: mail.data.text, at: timeOf(file) }
        : undefined;
    if (entry && (!to || recipientKey(entry.to) === recipientKey(to))) entries.push(entry);
  }
  return entries;
}

function page(entries: Entry[], to: string | undefined): string {
  const rows = entries
    .map((e) => `<tr><td>${escapeHtml(e.channel)}</td><td>${escapeHtml(e.to)}</td><td>${escapeHtml(e.what)}</td><td><pre>${escapeHtml(e.text)}</pre></td><td><time datetime="${escapeHtml(e.at)}">${escapeHtml(e.at)}</time></td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Outbox (test mode) · PawStay</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:1rem;color:#1c1917}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e7e5e4;padding:.5rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0;max-height:12rem;overflow:auto;font:13px/1.4 ui-monospace,monospace}@media (max-width:640px){thead{position:absolute;left:-9999px}tr,td{display:block}td{border:0;padding:.15rem 0}tr{border-bottom:1px solid #e7e5e4;padding:.5rem 0}}</style></head>
<body><h1>Outbox (test mode)</h1>
<p>What the app would have sent: e-mail without SMTP_URL, SMS and WhatsApp without their providers. Nothing here left this machine. Newest first, ${SHOWN} at most${to ? `, to ${escapeHtml(to)} (<a href="/dev/outbox">everyone</a>)` : ''}.</p>
<form method="get" action="/dev/outbox"><label>To <input name="to" value="${escapeHtml(to ?? '')}" placeholder="an address or +91 number"></label> <button>Show</button></form>
${entries.length === 0 ? '<p>Nothing yet.</p>' : `<table><thead><tr><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Subject or template</th><th scope="col">Text</th><th scope="col">Written</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}
</body></html>`;
}

/** Serves /dev/outbox from `dataDir`/outbox; call only outside production. */
export function serveDevOutbox(app: FastifyInstance, dataDir: string): void {
  // Not an API: left out of the OpenAPI document.
  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    const q = z.object({ to: z.string().trim().max(200).optional() }).safeParse(request.query);
    const to = q.success && q.data.to ? q.data.to : undefined;
    const entries = await readEntries(path.join(dataDir, 'outbox'), to);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page(entries, to));
  });
}
