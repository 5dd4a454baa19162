import { randomUUID } from 'node:crypto';
import type { ObjectStore } from './object-store';

// Files that must never be public (a host's ID document, a pet's vaccination certificate): kept
// apart from the public photos (on the disk under DATA_DIR/private, in a bucket under private/,
// which no bucket policy or CDN may expose), and named by a random key that the database holds.
// No URL reaches them: a route checks who asks, then reads the file and sends it
// (http/private-document.ts).

export type PrivateFiles = {
  /** Stores `bytes` under a new random key, which it answers. */
  put(bytes: Uint8Array): Promise<string>;
  /** The file under `key`, or undefined when there is none (deleted, or never stored). */
  read(key: string): Promise<Buffer | undefined>;
  /** Deletes the file under `key`; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Every file's key, in no promised order (a sweep of the files no row names). */
  keys(): AsyncIterable<string>;
};

/** A key is a uuid: nothing else, so a key read from anywhere names no other object. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function privateFiles(store: ObjectStore): PrivateFiles {
  return {
    async put(bytes) {
      const key = randomUUID();
      // The type is the database's to say (each file's row keeps it); the store keeps bytes.
      await store.put(key, bytes, { contentType: 'application/octet-stream' });
      return key;
    },
    async read(key) {
      return KEY.test(key) ? store.get(key) : undefined;
    },
    async remove(key) {
      if (KEY.test(key)) await store.remove(key);
    },
    async *keys() {
      for await (const { key } of store.list('')) if (KEY.test(key)) yield key;
    },
  };
}
