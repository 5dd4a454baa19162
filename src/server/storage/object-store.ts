// Where the app's files live (issue 25, decision 035): the local disk (the embedded default) or a
// bucket behind the S3 API. Both answer this one interface, and the same tests run against both
// (object-store.test.ts), so what the app does with a file cannot depend on where it is kept.

export type PutOptions = {
  /** Sent with the object when it is served (S3 keeps it; the disk does not need it). */
  contentType: string;
  /** For public objects served straight from the bucket or a CDN. */
  cacheControl?: string;
};

export type ObjectStore = {
  /** For logs: the folder or s3://bucket/prefix. */
  readonly where: string;
  /** Writes the whole object under `key`; readers see the old object, or none, until it is all there. */
  put(key: string, body: Uint8Array, options: PutOptions): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** The object's size, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Deletes the object; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
};

/**
 * Keys are relative paths of plain names: letters, digits, dots, dashes and underscores in each
 * segment, no empty, "." or ".." segment. Nothing else is ever asked of a store, so no key can
 * name a place outside it, on the disk or in the bucket.
 */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export function isObjectKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`not an object key: ${JSON.stringify(key)}`);
}
