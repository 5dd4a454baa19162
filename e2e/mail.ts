import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { mailDir } from '../playwright.config';

type Captured = { to: string[]; raw: string };

function mailTo(address: string): Captured[] {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as Captured)
    .filter((m) => m.to.includes(address.toLowerCase()));
}

/**
 * Waits for the sign-in e-mail to `address` (sent after `sentBefore` mails) and returns what
 * `pick` reads from its raw message (undefined while it is not there).
 */
async function readSignInMail(address: string, sentBefore: number, what: string, pick: (raw: string) => string | undefined): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      const mails = mailTo(address);
      if (mails.length <= sentBefore) return undefined;
      found = pick(mails.at(-1)!.raw);
      return found;
    }, { message: `${what} to ${address}`, timeout: 10_000 })
    .toBeTruthy();
  return found!;
}

/**
 * Waits for the sign-in e-mail to `address` (sent after `sentBefore` mails) and returns its code,
 * the subject's first word in every language ("042137 is your PawStay sign-in code").
 */
export const readSignInCode = (address: string, sentBefore = 0) =>
  readSignInMail(address, sentBefore, 'sign-in e-mail', (raw) => subjectOf(raw).match(/^(\d{6}) .*PawStay/)?.[1]);

/**
 * Waits for the sign-in e-mail to `address` (sent after `sentBefore` mails) and returns the path of
 * its link, `/sign-in#<token>`, to open on the test's server. Quoted-printable's soft line breaks
 * are joined first: a long link may be folded across lines.
 */
export const readSignInLink = (address: string, sentBefore = 0) =>
  readSignInMail(address, sentBefore, 'sign-in link', (raw) =>
    raw.replace(/=\r?\n/g, '').match(/https?:\/\/[^\s/"]+(\/sign-in#[\w-]{43})(?![\w-])/)?.[1],
  );

export function mailCount(address: string): number {
  return mailTo(address).length;
}

/** An RFC 2047 header value as read: folded lines joined, encoded words (UTF-8, B or Q) decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=(?:\s+(?==\?))?/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** A raw message's subject, decoded. */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  return decodeHeader(head.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '');
}

/** The subjects of the mail captured for `address` so far, oldest first. */
export function mailSubjects(address: string): string[] {
  return mailTo(address).map((m) => subjectOf(m.raw));
}
