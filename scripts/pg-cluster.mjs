// A throwaway PostgreSQL cluster for the test suite, from the server binaries under
// /usr/lib/postgresql (or PG_BIN). PostgreSQL refuses to run as root, so as root the cluster
// runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;

function run(bin, args) {
  const cmd = isRoot ? 'runuser' : bin;
  const full = isRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const res = spawnSync(cmd, full, { encoding: 'utf8' });
  if (res.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${res.status}): ${res.stderr || res.stdout}`);
  }
}

/** Starts a cluster on a free port; returns its URL and a stop function. */
export async function startCluster() {
  const bin = findPgBin();
  if (!bin) throw new Error('No PostgreSQL server binaries found under /usr/lib/postgresql (set PG_BIN or TEST_DATABASE_URL)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-pg-'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  run(path.join(bin, 'pg_ctl'), [
    '-D', `${dir}/data`, '-l', `${dir}/log`, '-w',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
