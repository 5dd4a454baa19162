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

/** Waits for the sign-in e-mail to `address` (sent after `sentBefore` mails) and returns its code. */
export async function readSignInCode(address: string, sentBefore = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const mails = mailTo(address);
      if (mails.length <= sentBefore) return undefined;
      code = mails.at(-1)!.raw.match(/^Subject: (\d{6}) is your PawStay sign-in code/m)?.[1];
      return code;
    }, { message: `sign-in e-mail to ${address}`, timeout: 10_000 })
    .toBeTruthy();
  return code!;
}

export function mailCount(address: string): number {
  return mailTo(address).length;
}
