// `npm run ledger:check` (issue 22): every movement and every booking of the ledger sums to zero,
// and each booking's ledger agrees with its payments, refunds and payouts. Exits 1 and lists what
// is wrong otherwise. Reads DATABASE_URL, or the embedded database in DATA_DIR (default ./data),
// which no app may have open at the time.
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { checkLedger } from '../src/server/modules/payments';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const database = await openDatabase({ dataDir, ...(databaseUrl && { databaseUrl }) });
try {
  const { problems, rows, bookings } = await checkLedger(database.db);
  for (const p of problems) console.log(`✖ ${p.kind} ${p.ref}: ${p.detail}`);
  console.log(
    problems.length === 0
      ? `✔ ledger balanced: ${rows} rows over ${bookings} bookings, in agreement with payments, refunds and payouts`
      : `✖ ledger: ${problems.length} problems`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
