import { readdirSync } from 'node:fs';
import path from 'node:path';

/** How many stay photo files (updates' and reports') the test app's private store holds under `dataDir`. */
export function storedStayPhotoFiles(dataDir: string): number {
  try {
    return readdirSync(path.join(dataDir, 'private', 'stay-photos')).length;
  } catch {
    return 0;
  }
}
