import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, type ObjectStore } from './object-store';

// The store on the local disk: a key is a path under `root`. Objects are written to a temporary
// name and renamed into place, so a reader (or a kill -9 half-way) never sees part of one.

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * `root` holds the objects. `private` keeps them readable by the app's user only (0600 files in
 * 0700 folders): the ID documents and certificates, which no one else on the machine may read.
 */
export function diskStore(root: string, options: { private?: boolean } = {}): ObjectStore {
  const fileMode = options.private ? 0o600 : 0o644;
  const dirMode = options.private ? 0o700 : 0o755;
  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(root, key);
  };
  return {
    where: root,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: dirMode });
      const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
      try {
        await writeFile(tmp, body, { mode: fileMode, flag: 'wx' });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      return readFile(fileOf(key)).catch((err) => {
        if (isMissing(err)) return undefined;
        throw err;
      });
    },
    async size(key) {
      return stat(fileOf(key)).then(
        (s) => (s.isFile() ? s.size : undefined),
        (err) => {
          if (isMissing(err)) return undefined;
          throw err;
        },
      );
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(prefix) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((err) => {
        if (isMissing(err)) return [];
        throw err;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        // Removed since the folder was read (another request, another process): not there.
        const found = await stat(path.join(root, key)).catch((err) => {
          if (isMissing(err)) return undefined;
          throw err;
        });
        if (found) yield { key, size: found.size };
      }
    },
  };
}
