import type { Logger } from 'pino';
import type { Db } from '../client';

// Temporary: replaced by the real Ahmedabad demo data.
export async function seedDemoData(
  _db: Db,
  _opts: { dataDir: string; photosDir: string; log: Logger },
): Promise<Record<string, number> | null> {
  return null;
}
