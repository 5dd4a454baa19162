// `npm run backup [-- <directory>]`: a consistent copy of the database (docs/operations.md).
//   DATABASE_URL set: pg_dump (custom format) of the server, while the app runs.
//   Otherwise:        the embedded database in DATA_DIR/pgdata (default ./data), app stopped.
// `npm run restore -- <file>`: the reverse; it never overwrites an existing embedded database.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from '../src/server/db/backup';

const [command, arg] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
const pgdata = path.join(process.env.DATA_DIR ?? 'data', 'pgdata');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

try {
  if (command === 'backup') {
    const dir = arg ?? 'backups';
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pawstay-${stamp}.${url ? 'dump' : 'tar.gz'}`);
    if (url) backupPostgres(url, file);
    else await backupPglite(pgdata, file);
    console.log(`backup written: ${file}`);
  } else if (command === 'restore' && arg) {
    if (url) restorePostgres(arg, url);
    else await restorePglite(arg, pgdata);
    console.log(`restored ${arg} into ${url ? 'the database at DATABASE_URL' : pgdata}`);
  } else {
    console.error('usage: npm run backup [-- <directory>] | npm run restore -- <file>');
    process.exit(2);
  }
} catch (err) {
  console.error(`${command} failed: ${(err as Error).message}`);
  process.exit(1);
}
