import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from './client';

// Backups (docs/operations.md). A PostgreSQL server is dumped with pg_dump, which reads one
// consistent snapshot while the app keeps running. The embedded database belongs to the one
// process that opened it: it is copied while the app is stopped, as PGlite's own data-directory
// archive (a tarball of the PostgreSQL files, taken after a checkpoint).

/** pg_dump / pg_restore from PATH, or the newest under /usr/lib/postgresql. */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return name;
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
    for (const v of versions) {
      const candidate = path.join(root, v, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
    throw new Error(`${name} not found: install the PostgreSQL client tools (Debian: postgresql-client)`);
  }
}

/** `pg_dump --format=custom` of the database at `url` into `file`. */
export function backupPostgres(url: string, file: string): void {
  execFileSync(findPgTool('pg_dump'), ['--format=custom', '--no-owner', '--file', file, url], { stdio: ['ignore', 'inherit', 'inherit'] });
}

/** pg_restore of a backupPostgres dump into the (empty) database at `url`; stops at the first error. */
export function restorePostgres(file: string, url: string): void {
  // Into an empty database (createdb first); --clean would also replace an existing one.
  execFileSync(findPgTool('pg_restore'), ['--no-owner', '--exit-on-error', '--dbname', url, file], { stdio: ['ignore', 'inherit', 'inherit'] });
}

/** The data directory's lock file: present while an app has the embedded database open (or after a crash). */
export function pgliteInUse(pgdata: string): boolean {
  return existsSync(path.join(pgdata, 'postmaster.pid'));
}

/** The embedded database in `pgdata`, checkpointed and archived as a gzipped tarball in `file`. */
export async function backupPglite(pgdata: string, file: string): Promise<void> {
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`No database in ${pgdata}`);
  if (pgliteInUse(pgdata)) {
    throw new Error(
      `${pgdata} is in use (postmaster.pid exists): stop the app first. After a crash, start and stop the app once so the database recovers, then back up.`,
    );
  }
  const database = await openPglite(pgdata);
  try {
    // biome-ignore lint/suspicious/noExplicitAny: PGlite's own API behind the drizzle instance
    const client = (database.db as any).$client as import('@electric-sql/pglite').PGlite;
    await client.query('checkpoint');
    const archive = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** Creates the embedded database in the empty directory `pgdata` from an archive of backupPglite. */
export async function restorePglite(file: string, pgdata: string): Promise<void> {
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    throw new Error(`${pgdata} is not empty: move it aside first (the restore never overwrites a database)`);
  }
  const database = await openPglite(pgdata, new Blob([readFileSync(file)]));
  await database.ping();
  await database.close();
}
