// The built app (`dist/server/main.js`, what `npm start` runs) in its own process, for the scripts
// that exercise it from outside: the crash test, the load test and the scanners.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type BuiltApp = {
  url: string;
  proc: ChildProcess;
  /** Everything it printed, for the error message when it fails. */
  output: string[];
  /** SIGTERM, and resolves when it has exited. */
  stop: () => Promise<void>;
};

/** Exits the script with a hint when there is no build to run. */
export function requireBuild(script: string): void {
  if (!existsSync('dist/server/main.js')) {
    console.error(`${script} needs a build first: npm run build`);
    process.exit(2);
  }
}

/** Resolves when the process has exited, also when it already had. */
export function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((r) => proc.once('exit', () => r()));
}

/** Starts the app with `env` on top of this process's, and waits until /api/health answers. */
export async function startBuiltApp(port: number, dataDir: string, env: Record<string, string>): Promise<BuiltApp> {
  const output: string[] = [];
  const proc = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => output.push(String(d)));
  proc.stderr!.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited(proc);
  };
  // The first start migrates and may seed the demo data with its photos.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the app exited with ${proc.exitCode} while starting:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc, output, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app did not start in 180 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The mail files in the development outbox (DATA_DIR/outbox, used when there is no SMTP_URL). */
const outboxFiles = (outbox: string) => (existsSync(outbox) ? readdirSync(outbox).sort() : []);

/**
 * The newest sign-in code mailed to `email` through the development outbox, in a file not in
 * `seen`, read from its subject. The file may land a moment after the answer: a second sign-in of
 * the same address (after a restart) would otherwise read the first code, which is spent, before
 * the new one is written.
 */
export async function outboxCode(dataDir: string, email: string, seen: ReadonlySet<string> = new Set()): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 50; i++) {
    const mails = outboxFiles(outbox).filter((f) => !seen.has(f)).flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; subject: string }];
      } catch {
        return []; // still being written
      }
    });
    // Other mail to the address (a stay's "Confirmed", "Cancelled") lands in the same outbox.
    const code = mails.filter((m) => m.to === email).map((m) => /^(\d{6}) is your PawStay sign-in code/.exec(m.subject)?.[1]).filter(Boolean).at(-1);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in code for ${email} in ${outbox}`);
}

export type Api = (method: string, url: string, body?: unknown) => Promise<{ status: number; json: Record<string, unknown> & { id?: string } }>;

/** Signs `email` in through the outbox; returns the session cookie and a JSON client that sends it. */
export async function signInThroughOutbox(app: Pick<BuiltApp, 'url'>, dataDir: string, email: string): Promise<{ cookie: string; api: Api }> {
  const post = (url: string, body: unknown, cookie = '') =>
    fetch(`${app.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const seen = new Set(outboxFiles(path.join(dataDir, 'outbox')));
  const sent = await post('/api/auth/otp/send', { email });
  if (!sent.ok) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  // The code works only with the sign-in cookie of the browser that asked for it.
  const browser = sent.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const verified = await post('/api/auth/otp/verify', { email, code: await outboxCode(dataDir, email, seen) }, browser);
  if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const cookie = verified.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const api: Api = async (method, url, body) => {
    const res = await fetch(`${app.url}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> & { id?: string } };
  };
  return { cookie, api };
}
