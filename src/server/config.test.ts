import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the defaults of PRODUCT.md section 4', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      supportEmail: 'support@pawstay.in',
      publicUrl: 'http://localhost:3000',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      seedDemo: true,
    });
  });

  it('seeds the demo data by default except in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'on' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'off' }).seedDemo).toBe(false);
  });

  it('derives the public URL from the port and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://pawstay.in/' }).publicUrl).toBe('https://pawstay.in');
  });

  it('keeps public answers 10 s by default, 0 to 30 s as ANSWER_CACHE_SECONDS says', () => {
    expect(loadConfig({}).answerCacheMs).toBe(10_000);
    expect(loadConfig({ ANSWER_CACHE_SECONDS: '0' }).answerCacheMs).toBe(0);
    expect(loadConfig({ ANSWER_CACHE_SECONDS: '30' }).answerCacheMs).toBe(30_000);
    for (const bad of ['31', '-1', '1.5', 'ten']) {
      expect(() => loadConfig({ ANSWER_CACHE_SECONDS: bad }), bad).toThrow(/^Invalid ANSWER_CACHE_SECONDS=/);
    }
  });

  it('believes X-Forwarded-For only as far as TRUST_PROXY says', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.5', '::1']);
    for (const bad of ['true', '0', '11', 'yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid TRUST_PROXY=/);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SUPPORT_EMAIL', 'support'],
    ['PUBLIC_URL', 'pawstay.in'],
    ['MAP_TILE_URL', 'https://tiles.example.com/tile.png'],
    ['SEED_DEMO', 'maybe'],
    ['NODE_ENV', 'staging'],
  ])('names the bad variable %s=%s in one line', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      expect((err as Error).message).toMatch(new RegExp(`^Invalid ${name}=`));
      expect((err as Error).message).not.toContain('\n');
    }
  });
});
