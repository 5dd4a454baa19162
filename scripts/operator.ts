// `npm run operator -- grant <email>` / `npm run operator -- revoke <email>`: gives or takes the
// operator role (the /ops console, PRODUCT.md section 8) on the server, never through the API.
// The account must exist (its owner has signed in once), so that a mistyped address grants
// nothing; `grant --create <email>` makes it first, for an operator who has not signed in yet.
//   DATABASE_URL set: on that PostgreSQL server, while the app runs (the role applies at the
//                     operator's next request, in every process).
//   Otherwise:        on the embedded database in DATA_DIR/pgdata (default ./data), app stopped:
//                     the embedded database takes one process at a time.
// Each change is recorded in the operators' audit as done by the server console.
import path from 'node:path';
import { emailField } from '../src/domain/contracts/auth';
import { pgliteInUse } from '../src/server/db/backup';
import { openDatabase, runMigrations } from '../src/server/db/client';
import { NoSuchAccountError, setOperator } from '../src/server/modules/ops';

const args = process.argv.slice(2);
const create = args.includes('--create');
const [command, email] = args.filter((a) => a !== '--create');
if ((command !== 'grant' && command !== 'revoke') || !email || (create && command !== 'grant')) {
  console.error('usage: npm run operator -- grant [--create] <email> | npm run operator -- revoke <email>');
  process.exit(2);
}
const address = emailField.safeParse(email);
if (!address.success) {
  console.error(`${email}: ${address.error.issues[0]!.message}`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
if (!databaseUrl && pgliteInUse(path.join(dataDir, 'pgdata'))) {
  console.error(`${path.join(dataDir, 'pgdata')} is in use: stop the app first (the embedded database takes one process at a time), or set DATABASE_URL.`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl, dataDir });
try {
  await runMigrations(database);
  const who = address.data;
  const changed = await setOperator(database.db, who, command === 'grant', { create });
  console.log(command === 'grant' ? (changed ? `${who} is now an operator: /ops` : `${who} was already an operator`) : changed ? `${who} is no longer an operator` : `${who} was not an operator`);
} catch (err) {
  console.error(err instanceof NoSuchAccountError ? err.message : `operator ${command} failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
