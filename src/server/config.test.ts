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
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', SEED_DEMO: 'on' }).seedDemo).toBe(true);
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
      expect(() => loadConfig({ ANSWER_CACHE_SECONDS: bad }), bad).toThrow(/^Invalid ANSWER_CACHE_SECONDS: /);
    }
  });

  it('believes X-Forwarded-For only as far as TRUST_PROXY says', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.5', '::1']);
    for (const bad of ['true', '0', '11', 'yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid TRUST_PROXY: /);
    }
  });

  describe('payments (decision 025)', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag', RAZORPAY_KEY_SECRET: 'thisisasecret', RAZORPAY_WEBHOOK_SECRET: 'webhooksecret' };

    it('takes payments through the built-in test gateway without Razorpay keys, outside production', () => {
      expect(loadConfig({}).payments).toEqual({ provider: 'test' });
      expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ provider: 'test' });
    });

    it('takes them through Razorpay with all three of its variables', () => {
      expect(loadConfig(keys).payments).toEqual({ provider: 'razorpay', keyId: keys.RAZORPAY_KEY_ID, keySecret: 'thisisasecret', webhookSecret: 'webhooksecret' });
      expect(loadConfig({ ...keys, NODE_ENV: 'production', OPERATOR_GSTIN: '24AAACC1206D1ZM' }).payments.provider).toBe('razorpay');
    });

    it("needs the operator's GSTIN in production with Razorpay, for the guests' invoices, and checks it", () => {
      expect(() => loadConfig({ ...keys, NODE_ENV: 'production' })).toThrow("NODE_ENV=production with Razorpay needs OPERATOR_GSTIN: the guests' invoices carry it");
      expect(loadConfig({ OPERATOR_GSTIN: ' 24aaacc1206d1zm ' }).operatorGstin).toBe('24AAACC1206D1ZM');
      expect(loadConfig({}).operatorGstin).toBeNull();
      expect(() => loadConfig({ OPERATOR_GSTIN: '24AAACC1206D1ZN' })).toThrow('Invalid OPERATOR_GSTIN: must be a valid GSTIN (15 characters, with its check character)');
      expect(() => loadConfig({ OPERATOR_GSTIN: '27AAPFU0939F1ZV' })).toThrow(/must be a GSTIN of Gujarat \(starting 24\)/);
    });

    it('refuses to start in production without Razorpay, unless a demo without real money is said', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
        'NODE_ENV=production needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET; for a demo that takes no real money, set PAYMENTS_TEST_MODE=on',
      );
      expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on' }).payments).toEqual({ provider: 'test' });
    });

    it('refuses some of the keys without the others, a key id of another shape, and test mode with keys', () => {
      expect(() => loadConfig({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID })).toThrow(
        'RAZORPAY_KEY_ID set without RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET: Razorpay needs all three',
      );
      expect(() => loadConfig({ ...keys, RAZORPAY_KEY_ID: 'key_123' })).toThrow(/^Invalid RAZORPAY_KEY_ID: /);
      expect(() => loadConfig({ ...keys, PAYMENTS_TEST_MODE: 'on' })).toThrow(/choose one/);
    });
  });

  describe('object storage and the operators\' endpoints (issue 25)', () => {
    it('keeps files in DATA_DIR by default, and in the bucket S3_BUCKET names', () => {
      expect(loadConfig({})).toMatchObject({ storage: { kind: 'disk' }, publicAssetUrl: null, metricsToken: null });
      const buckets = { S3_BUCKET: 'pawstay-photos', S3_PRIVATE_BUCKET: 'pawstay-private' };
      expect(loadConfig(buckets).storage).toEqual({ kind: 's3', bucket: 'pawstay-photos', privateBucket: 'pawstay-private', endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
      // A compatible service (R2, MinIO) answers at host/bucket unless told otherwise.
      expect(loadConfig({ ...buckets, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'auto' }).storage).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'auto', forcePathStyle: true });
      expect(loadConfig({ ...buckets, S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'off' }).storage).toMatchObject({ forcePathStyle: false });
      expect(loadConfig({ PUBLIC_ASSET_URL: 'https://cdn.pawstay.in/' }).publicAssetUrl).toBe('https://cdn.pawstay.in');
      expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
    });

    it('refuses a bad bucket, an endpoint without a bucket, a bad asset URL and a short metrics token', () => {
      expect(() => loadConfig({ S3_BUCKET: 'Photos_Bucket' })).toThrow('Invalid S3_BUCKET: must be a bucket name');
      expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_ENDPOINT set without S3_BUCKET');
      expect(() => loadConfig({ S3_BUCKET: 'pawstay', S3_PRIVATE_BUCKET: 'pawstay-private', S3_ENDPOINT: 'ftp://x' })).toThrow('Invalid S3_ENDPOINT');
      // The private files never share the photos' bucket, whose policy may make it public.
      expect(() => loadConfig({ S3_BUCKET: 'pawstay' })).toThrow('S3_BUCKET needs S3_PRIVATE_BUCKET');
      expect(() => loadConfig({ S3_BUCKET: 'pawstay', S3_PRIVATE_BUCKET: 'pawstay' })).toThrow('S3_BUCKET needs S3_PRIVATE_BUCKET');
      expect(() => loadConfig({ S3_PRIVATE_BUCKET: 'pawstay-private' })).toThrow('S3_PRIVATE_BUCKET set without S3_BUCKET');
      expect(() => loadConfig({ PUBLIC_ASSET_URL: 'cdn.pawstay.in' })).toThrow('Invalid PUBLIC_ASSET_URL');
      expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('Invalid METRICS_TOKEN: must be at least 16 characters');
      expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, long' })).toThrow('printable ASCII');
    });
  });

  describe('SMS and WhatsApp (decision 058)', () => {
    const msg91 = { MSG91_AUTH_KEY: 'authkey-0123456789', MSG91_SENDER_ID: 'PAWSTY', MSG91_TEMPLATES: 'default=6571a2f1d6fc05,code=6571a2f1d6fc06,requests=6571a2f1d6fc07' };
    const whatsapp = { WHATSAPP_ACCESS_TOKEN: 'EAAG-system-user-token', WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_TEMPLATES: 'default=pawstay_update' };

    it('runs the test mode without keys, except in production, which then has no such channel', () => {
      expect(loadConfig({}).phone).toEqual({ sms: { provider: 'test' }, whatsapp: { provider: 'test' }, inboundToken: null });
      expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on' }).phone).toMatchObject({ sms: null, whatsapp: null });
    });

    it('takes a provider with all its variables, and names what is missing', () => {
      const { sms, whatsapp: wa } = loadConfig({ ...msg91, ...whatsapp, WHATSAPP_TEMPLATE_LANGUAGES: 'en_US' }).phone;
      expect(sms).toEqual({ provider: 'live', authKey: msg91.MSG91_AUTH_KEY, senderId: 'PAWSTY', templates: { en: { default: '6571a2f1d6fc05', code: '6571a2f1d6fc06', requests: '6571a2f1d6fc07' } }, apiUrl: 'https://control.msg91.com/api/v5' });
      expect(wa).toMatchObject({ provider: 'live', phoneNumberId: '106540352242922', templates: { default: 'pawstay_update' }, languages: { en: 'en_US' }, apiUrl: 'https://graph.facebook.com/v21.0' });
      // Gujarati and Hindi where their templates are registered (Unicode DLT templates; Meta's translations).
      const both = loadConfig({ ...msg91, ...whatsapp, MSG91_TEMPLATES_GU: 'default=gu-notice,code=gu-code', WHATSAPP_TEMPLATE_LANGUAGES: 'en,gu,hi' }).phone;
      expect(both.sms).toMatchObject({ templates: { en: { default: '6571a2f1d6fc05' }, gu: { default: 'gu-notice', code: 'gu-code' } } });
      expect(both.whatsapp).toMatchObject({ languages: { en: 'en', gu: 'gu', hi: 'hi' } });
      expect(() => loadConfig({ MSG91_AUTH_KEY: msg91.MSG91_AUTH_KEY })).toThrow('MSG91_AUTH_KEY set without MSG91_SENDER_ID and MSG91_TEMPLATES: all are needed');
    });

    it.each([
      ['MSG91_TEMPLATES', 'default=abc', 'must name a code= template'],
      ['MSG91_TEMPLATES', 'code=abc', 'must name a default= template'],
      ['MSG91_TEMPLATES', 'default=abc,code=def,holidays=x', 'with keys among default, requests'],
      ['WHATSAPP_TEMPLATES', 'default=has space', 'must be key=template pairs'],
      ['MSG91_SENDER_ID', 'PawStay', 'six capital letters'],
      ['WHATSAPP_PHONE_NUMBER_ID', '+91 98765', 'phone number id'],
      ['SMS_INBOUND_TOKEN', 'short', 'at least 16 characters'],
      ['MSG91_TEMPLATES_HI', 'default=abc', 'must name a code= template'],
      ['WHATSAPP_TEMPLATE_LANGUAGES', 'gu,hi', 'must include English'],
      ['WHATSAPP_TEMPLATE_LANGUAGE', 'en_US', 'was renamed WHATSAPP_TEMPLATE_LANGUAGES'],
      ['WHATSAPP_TEMPLATE_LANGUAGES', 'en,fr', 'template language codes such as en, en_US, gu, hi'],
    ])('refuses %s=%s', (name, value, message) => {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: .*${message}`));
    });
  });

  describe('Web Push', () => {
    it('makes its own keys outside production, takes both configured keys, and has none in production without them', () => {
      expect(loadConfig({}).push).toEqual({ keys: 'generated', subject: 'mailto:support@pawstay.in', testServiceOrigins: [] });
      expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on' }).push.keys).toBeNull();
      const keys = { VAPID_PUBLIC_KEY: `B${'x'.repeat(86)}`, VAPID_PRIVATE_KEY: 'y'.repeat(43) };
      expect(loadConfig({ ...keys, VAPID_SUBJECT: 'https://pawstay.in' }).push).toMatchObject({ keys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY }, subject: 'https://pawstay.in' });
      expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
      expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'short' })).toThrow('Invalid VAPID_PRIVATE_KEY');
    });

    it('refuses a test push service in production', () => {
      expect(loadConfig({ PUSH_TEST_SERVICE_ORIGIN: 'http://127.0.0.1:4000/x' }).push.testServiceOrigins).toEqual(['http://127.0.0.1:4000']);
      expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', PUSH_TEST_SERVICE_ORIGIN: 'http://127.0.0.1:4000' })).toThrow('PUSH_TEST_SERVICE_ORIGIN is for tests');
    });
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
      expect((err as Error).message).toMatch(new RegExp(`^Invalid ${name}: `));
      expect((err as Error).message).not.toContain('\n');
    }
  });
});
