import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Files that must never be public (issue 23: a host's ID document): kept outside the public
// uploads (DATA_DIR/uploads is served as it is), under DATA_DIR/private, readable by the owner
// of the process only, and named by a random key that the database holds. No URL reaches them:
// a route checks who asks, then reads the file and sends it.

export type PrivateFiles = {
  /** Stores `bytes` under a new random key, which it answers. */
  put(bytes: Uint8Array): Promise<string>;
  /** The file under `key`, or undefined when there is none (deleted, or never stored). */
  read(key: string): Promise<Buffer | undefined>;
  /** Deletes the file under `key`; nothing happens when there is none. */
  remove(key: string): Promise<void>;
};

/** A key is a uuid: nothing else, so no key can name a path outside the store. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The private store on the local disk, under `dir` (the embedded default). */
export function localPrivateFiles(dir: string): PrivateFiles {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('not a private file key');
    return path.join(dir, key);
  };
  return {
    async put(bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const key = randomUUID();
      await writeFile(fileOf(key), bytes, { mode: 0o600, flag: 'wx' });
      return key;
    },
    async read(key) {
      if (!KEY.test(key)) return undefined;
      return readFile(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
    },
    async remove(key) {
      if (!KEY.test(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}

/** The store of hosts' ID documents. */
export const idDocumentFiles = (dataDir: string) => localPrivateFiles(path.join(dataDir, 'private', 'id-documents'));

/** The store of pets' vaccination certificates. */
export const petCertificateFiles = (dataDir: string) => localPrivateFiles(path.join(dataDir, 'private', 'pet-certificates'));
