import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * The message's own id (the outbox row's): its Message-ID, the same on every attempt, so that a
   * mail sent again after a crash between sending and recording it (delivery is at least once,
   * outbox.ts) is one message to the receiving server and the reader's mail program.
   */
  id?: string;
  /**
   * The path (on PUBLIC_URL) that turns this kind of mail off in one click: sent as List-Unsubscribe
   * with List-Unsubscribe-Post (RFC 8058), which mail programs show as an "Unsubscribe" button.
   */
  unsubscribePath?: string;
};

/** The headers of a mail that can be turned off in one click (RFC 8058). */
export function unsubscribeHeaders(publicUrl: string | undefined, path: string | undefined): Record<string, string> | undefined {
  if (!publicUrl || !path) return undefined;
  return { 'List-Unsubscribe': `<${publicUrl}${path}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A Message-ID on the sender's domain: <id@pawstay.in> for "PawStay <no-reply@pawstay.in>". */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'pawstay.in';
  return `<${id}@${domain}>`;
}

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/**
 * With SMTP_URL, mail goes through that server. Without it (a laptop, a demo), each message is
 * logged and written to DATA_DIR/outbox as JSON so that a developer can read a sign-in code.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Logger;
  /** The site's address, for the links a mail's headers carry (List-Unsubscribe). */
  publicUrl?: string;
  /**
   * Whether a message written to the outbox is logged with its text: in development, where the
   * log is where a sign-in code is read. Never in production, whose log collectors keep what they
   * are given, and where a sign-in link in the log would sign anyone in (issue 34).
   */
  logText?: boolean;
}): Mailer {
  const { smtpUrl, from, dataDir, log, logText = false, publicUrl } = opts;
  if (smtpUrl) {
    // Pooled: a few connections kept open and reused, rather than a TCP and SMTP handshake for
    // every message. The outbox sends at most 3 at once (mail/outbox.ts), so 2 of the 5 stay free
    // for sign-in codes. Timeouts well under the outbox's 15-minute lease, so a hung send ends
    // before another sender may take its mail. SMTP_URL's own parameters win (`?pool=false`).
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async send({ id, unsubscribePath, ...message }) {
        const headers = unsubscribeHeaders(publicUrl, unsubscribePath);
        await transport.sendMail({ from, ...message, ...(id ? { messageId: messageIdOf(id, from) } : {}), ...(headers ? { headers } : {}) });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  return {
    async send({ unsubscribePath, ...message }) {
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`);
      const headers = unsubscribeHeaders(publicUrl, unsubscribePath);
      await writeFile(file, JSON.stringify({ from, ...message, ...(headers ? { headers } : {}) }, null, 2));
      log.info({ to: message.to, subject: message.subject, ...(logText ? { text: message.text } : {}), file }, 'mail written to outbox (no SMTP_URL)');
    },
    close: () => {},
  };
}
