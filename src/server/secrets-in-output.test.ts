import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from './config';
import { createTestDatabase } from './test/database';

// Issue 34: a secret set in the environment never reaches standard output, standard error or the
// log, whether the process refuses it at start-up or runs with it. The server is started as
// `npm start` starts it (its own process, main.ts), with canary values in every secret variable,
// and everything it prints is searched for them, also base64-encoded (as HTTP Basic and SMTP AUTH
// carry them) and URL-encoded.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

const CANARY = {
  keySecret: 'canaryKeySecret7Qx2',
  webhookSecret: 'canaryWebhookSecret9Lm4',
  smtpPassword: 'canarySmtpPass3Vb8',
  databasePassword: 'canaryDbPass5Hd1',
  metricsToken: 'canaryMetricsToken6Wz0Kp',
};

/** The canaries in the forms a secret travels in. */
function forms(secret: string): string[] {
  // The middle too: base64 of a longer string (user:password) holds it at another alignment.
  return [secret, Buffer.from(secret).toString('base64'), encodeURIComponent(secret), ...(secret.length >= 12 ? [secret.slice(3, -3)] : [])];
}

function expectNoCanary(output: string, canaries: string[]) {
  for (const canary of canaries) {
    for (const form of forms(canary)) expect(output, `the output holds ${canary} (as ${form})`).not.toContain(form);
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Started {
  let output = '';
  // A group of its own: tsx runs the server in a child process, which a kill of tsx alone would
  // leave running after a failed test.
  const child = spawn(TSX, ['src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', SEED_DEMO: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// A start compiles the server with tsx and makes its database: over a minute on a crowded CI host.
async function waitFor(predicate: () => boolean, what: string, timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('configuration errors', () => {
  it.each([
    ['RAZORPAY_KEY_SECRET', 's3cr3t', { RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag', RAZORPAY_WEBHOOK_SECRET: 'webhooksecret' }],
    ['RAZORPAY_WEBHOOK_SECRET', 'whsec', { RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag', RAZORPAY_KEY_SECRET: 'thisisasecret' }],
    ['METRICS_TOKEN', 'shorttoken', {}],
    ['METRICS_TOKEN', 'a long token with spaces', {}],
    ['DATABASE_URL', 'mysql://admin:hunter2pass@db.internal/pawstay', {}],
    ['DATABASE_URL', 'postgres//admin:hunter2pass@db.internal', {}],
    ['SMTP_URL', 'http://mailer:hunter2pass@mail.example.com', {}],
    ['SMTP_URL', 'smtp:/mailer:hunter2pass@mail', {}],
    ['S3_ENDPOINT', 'ftp://key:hunter2pass@storage', { S3_BUCKET: 'pawstay', S3_PRIVATE_BUCKET: 'pawstay-private' }],
    ['PUBLIC_ASSET_URL', 'cdn:hunter2pass@x', {}],
    ['MSG91_AUTH_KEY', 'hunt2', {}],
    ['WHATSAPP_ACCESS_TOKEN', 'hunter2pass', {}],
    ['SMS_INBOUND_TOKEN', 'hunter2 pass with spaces', {}],
    ['VAPID_PRIVATE_KEY', 'hunter2pass', {}],
  ])('name %s and what is wrong, never its value', (name, value, others) => {
    let message = '';
    try {
      loadConfig({ ...others, [name]: value });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid ${name}: `));
    expect(message).not.toContain(value);
    expect(message).not.toContain('hunter2pass');
  });

  it('stop the process with one line that holds no secret', async () => {
    const server = startServer({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'pawstay-canary-')),
      RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
      RAZORPAY_KEY_SECRET: 's3cr3t',
      RAZORPAY_WEBHOOK_SECRET: CANARY.webhookSecret,
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('PawStay cannot start: Invalid RAZORPAY_KEY_SECRET: must be the key secret from the Razorpay Dashboard');
    expectNoCanary(server.output(), ['s3cr3t', CANARY.webhookSecret]);
  }, 150_000);
});

describe('a server running with secrets', () => {
  let server: Started | undefined;
  const smtpAttempts: string[] = [];
  // A mail server that refuses every login: the app's failed sends are logged, as they would be
  // when a provider rotates its password.
  const smtp = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      smtpAttempts.push(auth.username ?? '');
      callback(new Error('Invalid username or password'));
    },
  });
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  afterAll(async () => {
    // Stopped already when the test passed; after a failure, the whole group goes.
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      process.kill(-server.child.pid!, 'SIGKILL');
      await server.exited;
    }
    await new Promise<void>((r) => smtp.close(() => r()));
    await database?.close();
  });

  it('prints none of them, in its log or anywhere else, while it starts, serves, fails and stops', async () => {
    const smtpPort = await freePort();
    await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', () => r()));
    const port = await freePort();
    const env: Record<string, string> = {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'pawstay-canary-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
      RAZORPAY_KEY_SECRET: CANARY.keySecret,
      RAZORPAY_WEBHOOK_SECRET: CANARY.webhookSecret,
      SMTP_URL: `smtp://mailer:${CANARY.smtpPassword}@127.0.0.1:${smtpPort}`,
      METRICS_TOKEN: CANARY.metricsToken,
    };
    const canaries = [CANARY.keySecret, CANARY.webhookSecret, CANARY.smtpPassword, CANARY.metricsToken];
    if (inject('testDatabase').kind === 'postgres') {
      database = await createTestDatabase();
      const url = new URL(database.url!);
      // The throwaway cluster trusts local connections, so any password is taken; a server that
      // asks for one already has it in TEST_DATABASE_URL, which is left as it is.
      if (!url.password) {
        url.password = CANARY.databasePassword;
        canaries.push(CANARY.databasePassword);
      }
      env.DATABASE_URL = url.toString();
    }
    server = startServer(env);
    await waitFor(() => server!.output().includes('PawStay is ready'), 'the server to start');
    const base = `http://127.0.0.1:${port}`;

    // Metrics asked with a wrong token, and with the right one.
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${CANARY.metricsToken}` } })).status).toBe(200);
    // A sign-in code, whose mail the SMTP server refuses to take.
    const send = await fetch(`${base}/api/auth/otp/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'canary@example.com' }),
    });
    expect(send.status).toBeLessThan(600);
    await waitFor(() => smtpAttempts.length > 0, 'the app to try the mail server');
    // A webhook signed with another secret, and one with the right secret for an unknown order.
    const webhook = (signature: string) =>
      fetch(`${base}/api/payments/webhooks/razorpay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
        body: JSON.stringify({ event: 'payment.captured', payload: {} }),
      });
    expect((await webhook('0'.repeat(64))).status).toBe(400);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
    expect(smtpAttempts).toEqual(expect.arrayContaining(['mailer']));
    expectNoCanary(server.output(), canaries);
  }, 240_000);
});
