import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { signInCodeMail } from './sign-in-code';

// Without SMTP_URL, mail goes to DATA_DIR/outbox; in development its text is logged too, so a
// developer reads a code there. In production the log has the address and subject only (issue 34):
// a log collector keeps what it gets, and a sign-in link in it would sign anyone in.

function mailerWithLog(logText: boolean | undefined) {
  const lines: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-mailer-'));
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { mailer: createMailer({ smtpUrl: undefined, from: 'PawStay <no-reply@pawstay.in>', dataDir, log, logText, publicUrl: 'https://pawstay.in' }), lines, dataDir };
}

describe('the development outbox', () => {
  const mail = signInCodeMail('owner@example.com', '123456', 'https://pawstay.in/sign-in#aToken0123456789aToken0123456789aToken01234', 'https://pawstay.in')('en');

  it('logs a mail’s text only when asked to (development), and always keeps it in DATA_DIR/outbox', async () => {
    for (const logText of [undefined, false]) {
      const { mailer, lines, dataDir } = mailerWithLog(logText);
      await mailer.send(mail);
      expect(lines.join('\n')).toContain('owner@example.com');
      expect(lines.join('\n')).not.toContain('aToken0123456789');
      const [file] = readdirSync(path.join(dataDir, 'outbox'));
      expect(readFileSync(path.join(dataDir, 'outbox', file!), 'utf8')).toContain('aToken0123456789');
    }
    const { mailer, lines } = mailerWithLog(true);
    await mailer.send(mail);
    expect(lines.join('\n')).toContain('aToken0123456789');
  });

  it("writes a notice's one-click unsubscribe headers (RFC 8058) with the site's address, and none for a sign-in code", async () => {
    const { mailer, dataDir } = mailerWithLog(false);
    await mailer.send({ to: 'host@example.com', subject: 'New booking request', text: 'x', html: 'x', unsubscribePath: '/api/notifications/unsubscribe?n=abc' });
    await mailer.send(mail);
    const written = readdirSync(path.join(dataDir, 'outbox'))
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dataDir, 'outbox', f), 'utf8')) as { to: string; headers?: Record<string, string> });
    expect(written.find((m) => m.to === 'host@example.com')!.headers).toEqual({
      'List-Unsubscribe': '<https://pawstay.in/api/notifications/unsubscribe?n=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(written.find((m) => m.to === 'owner@example.com')!.headers).toBeUndefined();
  });
});
