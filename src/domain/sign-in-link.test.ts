import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LINK_TOKEN } from './sign-in-link';

describe('a sign-in link token', () => {
  it('is 256 random bits in base64url, as the server makes it, and nothing else', () => {
    const token = randomBytes(32).toString('base64url');
    expect(LINK_TOKEN.test(token)).toBe(true);
    expect(LINK_TOKEN.test(token.slice(1))).toBe(false);
    expect(LINK_TOKEN.test(`${token}A`)).toBe(false);
    expect(LINK_TOKEN.test(`${token.slice(1)}=`)).toBe(false);
    expect(LINK_TOKEN.test(`${token.slice(1)}/`)).toBe(false);
    expect(LINK_TOKEN.test(`${token}\n`)).toBe(false);
    expect(LINK_TOKEN.test('')).toBe(false);
  });
});
