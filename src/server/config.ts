import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isLocale, type Locale } from '../domain/locales';
import { isGstin, normaliseId } from '../domain/money/tax-ids';
import { OPERATOR_STATE } from '../domain/money/tax-rates';
import { NOTICE_TOPICS } from '../domain/notifications/notices';
import type { Msg91Config } from './phone/msg91';
import type { TemplateIds } from './phone/templates';
import type { WhatsAppConfig } from './phone/whatsapp-cloud';

/** An IPv4 or IPv6 address, or a CIDR block of one. */
function isIp(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
    error: 'must be one of on, off, true, false, 1, 0, yes, no',
  })
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

function urlWithProtocols(protocols: string[]) {
  return z.string().refine(
    (value) => {
      try {
        // As the message says, `scheme://`: `smtp:/user:pass@host` parses as a URL with no host.
        const { protocol } = new URL(value);
        return protocols.includes(protocol) && value.toLowerCase().startsWith(`${protocol}//`);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );
}

/**
 * `default=<id>,requests=<id>,...`: a registered template per topic, `default` for the rest, and
 * the keys `required` names (SMS's `code`).
 */
function templateList(required: string[]) {
  const keys = new Set<string>(['default', ...NOTICE_TOPICS, ...required]);
  return z.string().transform((value, ctx) => {
    const pairs = value.split(',').map((part) => part.trim().split('='));
    const bad = pairs.find((p) => p.length !== 2 || !keys.has(p[0]!.trim()) || !/^[A-Za-z0-9_-]{1,64}$/.test(p[1]!.trim()));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `must be key=template pairs, comma-separated, with keys among ${[...keys].join(', ')}` });
      return z.NEVER;
    }
    const ids = Object.fromEntries(pairs.map(([k, v]) => [k!.trim(), v!.trim()]));
    const missing = ['default', ...required].find((k) => !ids[k]);
    if (missing) {
      ctx.addIssue({ code: 'custom', message: `must name a ${missing}= template` });
      return z.NEVER;
    }
    return ids as TemplateIds;
  });
}

/** Meta's template language codes, comma-separated, each one of ours (`en`, `en_US`, `gu`, `hi`), English among them. */
const templateLanguages = z
  .string()
  .transform((value) => value.split(',').map((code) => code.trim()))
  .refine((codes) => codes.every((c) => /^[a-z]{2,3}(_[A-Z]{2})?$/.test(c) && isLocale(c.split('_')[0])), 'must be template language codes such as en, en_US, gu, hi, comma-separated')
  .refine((codes) => codes.some((c) => c.split('_')[0] === 'en'), 'must include English (en or en_US): a reader of another language gets English where no translation is approved');

/** Each of our languages' code among `codes`. */
const whatsAppLanguages = (codes: string[]) => Object.fromEntries(codes.map((c) => [c.split('_')[0], c])) as { en: string } & Partial<Record<Locale, string>>;

const bucketName = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots and dashes)');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3, 'must be an address').default('PawStay <no-reply@pawstay.in>'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@pawstay.in'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
  MAP_TILE_URL: z
    .string()
    .refine((v) => v.includes('{z}') && v.includes('{x}') && v.includes('{y}'), {
      error: 'must be a tile template containing {z}, {x} and {y}',
    })
    .refine((v) => /^https?:\/\//.test(v) || v.startsWith('/'), {
      error: 'must start with http://, https:// or /',
    })
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SEED_DEMO: booleanFlag.optional(),
  DEMO_PHOTOS_DIR: z.string().min(1).optional(),
  // Which proxies' X-Forwarded-For to believe: a number of hops in front of the app, or their
  // addresses (IPs or CIDRs, comma-separated). Unset: none, the socket's address is the client's.
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((v) => /^([1-9]|10)$/.test(v) || v.split(',').every((part) => isIp(part.trim())), {
      error: 'must be a number of proxies from 1 to 10, or their addresses (IPs or CIDRs, comma-separated)',
    })
    .optional(),
  // Seconds the public answers are kept in the app (decision 016): 0 turns it off; at most the
  // search's own max-age, the staleness every proxy is already allowed.
  ANSWER_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(0, 'must be from 0 to 30')
    .max(30, 'must be from 0 to 30')
    .default(10),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info'),
  // Razorpay (decision 025): all three, or none for the built-in test gateway.
  RAZORPAY_KEY_ID: z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'must be a Razorpay key id (rzp_test_… or rzp_live_…)').optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, 'must be the key secret from the Razorpay Dashboard').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be the webhook secret set in the Razorpay Dashboard').optional(),
  // The operator's GST registration, printed on the guest's invoices (section 9(5) of the CGST Act
  // makes it the payer of GST on stays of unregistered hosts). Production with Razorpay needs it.
  OPERATOR_GSTIN: z
    .string()
    .transform(normaliseId)
    .refine(isGstin, 'must be a valid GSTIN (15 characters, with its check character)')
    .refine((v) => v.startsWith(OPERATOR_STATE.code), `must be a GSTIN of ${OPERATOR_STATE.name} (starting ${OPERATOR_STATE.code}), where the operator is registered`)
    .optional(),
  // Production without Razorpay's keys refuses to start unless this says a demo that takes no real money is meant.
  PAYMENTS_TEST_MODE: booleanFlag.optional(),
  // Object storage (decision 035): a bucket through the S3 API instead of DATA_DIR; the SDK reads
  // the credentials from its usual variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY...).
  S3_BUCKET: bucketName.optional(),
  // The private files (hosts' ID documents, pets' certificates) in a bucket of their own, never
  // public and never versioned: a public or versioned photo bucket must not take them with it.
  S3_PRIVATE_BUCKET: bucketName.optional(),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as ap-south-1 (or auto)').default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  // Where browsers fetch the public photos: a CDN or the bucket's public address (the photos are
  // under photos/ there). Unset: through the app, at /uploads/photos/.
  PUBLIC_ASSET_URL: urlWithProtocols(['http:', 'https:']).optional(),
  // On SIGTERM, how long a process stays up, serving but not ready, before it stops taking
  // requests: twice the load balancer's readiness interval. 0 where nothing checks readiness.
  DRAIN_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int('must be a whole number').min(0, 'must be from 0 to 120').max(120, 'must be from 0 to 120').default(0),
  // SMS through MSG91 (decision 058, docs/operations.md): all of the first three, or none for the
  // test mode (development) or no SMS (production).
  MSG91_AUTH_KEY: z.string().min(8, 'must be the authkey from the MSG91 panel').optional(),
  MSG91_SENDER_ID: z.string().regex(/^[A-Z]{6}$/, 'must be the six capital letters registered as the DLT header').optional(),
  MSG91_TEMPLATES: templateList(['code']).optional(),
  // The same templates registered in Gujarati and Hindi (Unicode): SMS to a reader of that language.
  MSG91_TEMPLATES_GU: templateList(['code']).optional(),
  MSG91_TEMPLATES_HI: templateList(['code']).optional(),
  MSG91_API_URL: urlWithProtocols(['http:', 'https:']).default('https://control.msg91.com/api/v5'),
  // WhatsApp through Meta's Cloud API: all of the first three, or none.
  WHATSAPP_ACCESS_TOKEN: z.string().min(16, 'must be a system user\'s access token').optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{5,20}$/, 'must be the phone number id (digits) from WhatsApp Manager').optional(),
  WHATSAPP_TEMPLATES: templateList([]).optional(),
  // The languages the templates' translations were approved in, English's first: `en,gu,hi`.
  WHATSAPP_TEMPLATE_LANGUAGES: templateLanguages.default(['en']),
  // Its name before Gujarati and Hindi: refused, so that a deployment still setting it is not sent
  // with English's default code while its templates were approved under another (en_US).
  WHATSAPP_TEMPLATE_LANGUAGE: z.undefined({ error: 'was renamed WHATSAPP_TEMPLATE_LANGUAGES: the codes of the approved languages, English first (en_US,gu,hi)' }).optional(),
  WHATSAPP_API_URL: urlWithProtocols(['http:', 'https:']).default('https://graph.facebook.com/v21.0'),
  // The secret in the address MSG91 forwards replies to (STOP): /api/sms/inbound?token=...
  SMS_INBOUND_TOKEN: z.string().min(16, 'must be at least 16 characters').regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ and -').optional(),
  // Web Push (VAPID, RFC 8292): the key pair from `npx web-push generate-vapid-keys`, both or none
  // (development makes one and keeps it in the database; production without them has no push).
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url private key (43 characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: address or an https: URL').optional(),
  // Tests only: a local push service's origin that subscriptions may name (production refuses it).
  PUSH_TEST_SERVICE_ORIGIN: urlWithProtocols(['http:', 'https:']).optional(),
  // The bearer token /metrics asks for; without it /metrics is not served.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional(),
});

const RAZORPAY_VARIABLES = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

/** Who takes the money: Razorpay with its keys, or the test gateway built into the app. */
export type RazorpayConfig = { provider: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string };
export type PaymentsConfig = RazorpayConfig | { provider: 'test' };

/** Test mode: payments through the built-in test gateway, so no real money moves (decision 040). */
export const paymentsTestMode = (config: Pick<Config, 'payments'>): boolean => config.payments.provider === 'test';

/** A phone channel: its provider, the built-in test mode (development, tests), or none (production without keys). */
export type PhoneChannelConfig<T> = ({ provider: 'live' } & T) | { provider: 'test' } | null;
export type PhoneConfig = { sms: PhoneChannelConfig<Msg91Config>; whatsapp: PhoneChannelConfig<WhatsAppConfig>; inboundToken: string | null };

/** Web Push: the configured key pair, one the app makes and keeps (development), or none (production without keys). */
export type PushConfig = { keys: { publicKey: string; privateKey: string } | 'generated' | null; subject: string; testServiceOrigins: string[] };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  publicUrl: string;
  mapTileUrl: string;
  seedDemo: boolean;
  demoPhotosDir: string;
  logLevel: string;
  /** How long public answers are kept in the app, in ms; 0 when they are not. */
  answerCacheMs: number;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  payments: PaymentsConfig;
  /** The operator's GSTIN for its invoices; null when not configured (development, tests, a demo). */
  operatorGstin: string | null;
  /** Where files are kept: DATA_DIR, or a bucket. */
  storage: StorageConfig;
  /** The public photos' base URL (a CDN or the bucket), without a trailing slash; null: the app serves them. */
  publicAssetUrl: string | null;
  /** The bearer token of /metrics; null: /metrics is not served. */
  metricsToken: string | null;
  /** How long a stopping process drains (not ready, still serving), in ms. */
  drainMs: number;
  /** SMS and WhatsApp (decision 058). */
  phone: PhoneConfig;
  /** Web Push. */
  push: PushConfig;
};

export type StorageConfig =
  | { kind: 'disk' }
  | { kind: 's3'; bucket: string; privateBucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean };

export class ConfigError extends Error {}

/** Reads and validates the environment; the first bad variable is named in one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as it does in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // The variable and what is wrong with it, never its value: a key secret, a token or a URL's
    // password would otherwise reach standard output and every log collector behind it.
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    ...baseConfig(e),
    payments: paymentsConfig(e),
    storage: storageConfig(e),
    phone: phoneConfig(e),
    push: pushConfig(e),
  };
}

function pushConfig(e: z.infer<typeof envSchema>): PushConfig {
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither');
  if (e.NODE_ENV === 'production' && e.PUSH_TEST_SERVICE_ORIGIN) throw new ConfigError('PUSH_TEST_SERVICE_ORIGIN is for tests: production sends pushes only to the browsers\' push services');
  const keys = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : e.NODE_ENV === 'production' ? null : 'generated';
  return { keys, subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`, testServiceOrigins: e.PUSH_TEST_SERVICE_ORIGIN ? [new URL(e.PUSH_TEST_SERVICE_ORIGIN).origin] : [] };
}

/** All of a provider's variables, or none: then the test mode, except in production, which has no such channel. */
function phoneChannel<T>(e: z.infer<typeof envSchema>, names: readonly (keyof typeof e)[], make: () => T): PhoneChannelConfig<T> {
  const set = names.filter((name) => e[name] !== undefined);
  if (set.length === names.length) return { provider: 'live', ...make() };
  if (set.length > 0) throw new ConfigError(`${set.join(' and ')} set without ${names.filter((n) => e[n] === undefined).join(' and ')}: all are needed`);
  return e.NODE_ENV === 'production' ? null : { provider: 'test' };
}

function phoneConfig(e: z.infer<typeof envSchema>): PhoneConfig {
  return {
    sms: phoneChannel(e, ['MSG91_AUTH_KEY', 'MSG91_SENDER_ID', 'MSG91_TEMPLATES'], () => ({
      authKey: e.MSG91_AUTH_KEY!,
      senderId: e.MSG91_SENDER_ID!,
      templates: { en: e.MSG91_TEMPLATES!, ...(e.MSG91_TEMPLATES_GU ? { gu: e.MSG91_TEMPLATES_GU } : {}), ...(e.MSG91_TEMPLATES_HI ? { hi: e.MSG91_TEMPLATES_HI } : {}) },
      apiUrl: e.MSG91_API_URL.replace(/\/+$/, ''),
    })),
    whatsapp: phoneChannel(e, ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TEMPLATES'], () => ({
      accessToken: e.WHATSAPP_ACCESS_TOKEN!,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
      templates: e.WHATSAPP_TEMPLATES!,
      languages: whatsAppLanguages(e.WHATSAPP_TEMPLATE_LANGUAGES),
      apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
    })),
    inboundToken: e.SMS_INBOUND_TOKEN ?? null,
  };
}

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (!e.S3_BUCKET) {
    const stray = (['S3_PRIVATE_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const).find((name) => e[name] !== undefined);
    if (stray) throw new ConfigError(`${stray} set without S3_BUCKET: name the bucket, or unset ${stray} to keep files in DATA_DIR`);
    return { kind: 'disk' };
  }
  if (!e.S3_PRIVATE_BUCKET || e.S3_PRIVATE_BUCKET === e.S3_BUCKET) {
    throw new ConfigError('S3_BUCKET needs S3_PRIVATE_BUCKET, another bucket, never public and never versioned, for hosts\' ID documents and pets\' certificates');
  }
  // Compatible services mostly answer at host/bucket; AWS itself prefers bucket.host.
  return { kind: 's3', bucket: e.S3_BUCKET, privateBucket: e.S3_PRIVATE_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined };
}

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  const set = RAZORPAY_VARIABLES.filter((name) => e[name] !== undefined);
  if (set.length === RAZORPAY_VARIABLES.length) {
    if (e.PAYMENTS_TEST_MODE) throw new ConfigError('PAYMENTS_TEST_MODE=on with Razorpay keys set: choose one (unset PAYMENTS_TEST_MODE to take payments through Razorpay)');
    if (e.NODE_ENV === 'production' && !e.OPERATOR_GSTIN) throw new ConfigError('NODE_ENV=production with Razorpay needs OPERATOR_GSTIN: the guests\' invoices carry it');
    return { provider: 'razorpay', keyId: e.RAZORPAY_KEY_ID!, keySecret: e.RAZORPAY_KEY_SECRET!, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET! };
  }
  if (set.length > 0) {
    const missing = RAZORPAY_VARIABLES.filter((name) => e[name] === undefined);
    throw new ConfigError(`${set.join(' and ')} set without ${missing.join(' and ')}: Razorpay needs all three`);
  }
  if (e.NODE_ENV === 'production' && !e.PAYMENTS_TEST_MODE) {
    throw new ConfigError(
      'NODE_ENV=production needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET; for a demo that takes no real money, set PAYMENTS_TEST_MODE=on',
    );
  }
  return { provider: 'test' };
}

function baseConfig(e: z.infer<typeof envSchema>): Omit<Config, 'payments' | 'storage' | 'phone' | 'push'> {
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mapTileUrl: e.MAP_TILE_URL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    // The shared photo set sits beside the repository; the seed falls back to placeholders without it.
    demoPhotosDir: path.resolve(e.DEMO_PHOTOS_DIR ?? '../shared/demo-photos'),
    logLevel: e.LOG_LEVEL,
    answerCacheMs: e.ANSWER_CACHE_SECONDS * 1000,
    operatorGstin: e.OPERATOR_GSTIN ?? null,
    publicAssetUrl: e.PUBLIC_ASSET_URL?.replace(/\/+$/, '') ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    drainMs: e.DRAIN_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY === undefined ? false : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY.split(',').map((a) => a.trim()),
  };
}
