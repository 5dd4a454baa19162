// The pieces of `npm run test:cluster` that are not the app: the S3-compatible server (s3rver,
// decision 035), the SMTP server that catches the mail, and nginx in front of the app processes.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { exited } from './built-app';

export type Piece = { proc: ChildProcess; output: string[]; stop(): Promise<void> };

function startPiece(command: string, args: string[], env: Record<string, string> = {}): Piece {
  const output: string[] = [];
  const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.on('data', (d) => output.push(String(d)));
  proc.stderr!.on('data', (d) => output.push(String(d)));
  return {
    proc,
    output,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited(proc);
    },
  };
}

/** Resolves once something accepts connections on `port`. */
export async function listening(port: number, piece: Piece, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (piece.proc.exitCode !== null) throw new Error(`${what} exited with ${piece.proc.exitCode}:\n${piece.output.join('')}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} in 30 s:\n${piece.output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** s3rver in a process of its own, with these buckets; its fixed key pair is S3RVER / S3RVER. */
export async function startS3rver(dir: string, port: number, buckets: string[]): Promise<Piece> {
  const piece = startPiece(process.execPath, ['node_modules/s3rver/bin/s3rver.js', '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent', ...buckets.flatMap((b) => ['--configure-bucket', b])]);
  await listening(port, piece, 's3rver');
  return piece;
}

export type CapturedMail = { to: string[]; messageId: string | undefined; subject: string };

/** The SMTP server of the browser tests (e2e/smtp-capture.mjs): each message a JSON file in `dir`. */
export async function startSmtpCapture(dir: string, port: number): Promise<Piece & { mails(): CapturedMail[] }> {
  const piece = startPiece(process.execPath, ['e2e/smtp-capture.mjs'], { SMTP_PORT: String(port), MAIL_DIR: dir });
  await listening(port, piece, 'the SMTP capture');
  const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim();
  return {
    ...piece,
    mails: () =>
      (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []).flatMap((f) => {
        try {
          const { to, raw } = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; raw: string };
          return [{ to, messageId: header(raw, 'Message-ID'), subject: header(raw, 'Subject') ?? '' }];
        } catch {
          return []; // being written
        }
      }),
  };
}

/**
 * nginx (Debian's package) in front of the app processes, round-robin, as docs/operations.md
 * sets it up: the client's address and a request id passed on, live streams unbuffered, and a
 * request that could not reach a process (refused, reset) retried on the next when it is
 * idempotent. X-Upstream tells the test which process answered.
 */
export async function startNginx(dir: string, port: number, upstreams: number[]): Promise<Piece> {
  mkdirSync(dir, { recursive: true });
  // Run as root (CI), nginx's workers drop to nobody: their temporary files go where nobody may write.
  chmodSync(dir, 0o777);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 60m;
  upstream pawstay {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    # Prometheus scrapes each process; the public side has no /metrics.
    location = /metrics { return 404; }
    location / {
      proxy_pass http://pawstay;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout;
      proxy_buffering off;
      proxy_read_timeout 1h;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  execFileSync(nginx, ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'inherit' });
  const piece = startPiece(nginx, ['-p', dir, '-c', conf, '-g', 'daemon off;']);
  await listening(port, piece, 'nginx');
  return piece;
}
