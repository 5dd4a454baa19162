import { PHOTO_CACHE_CONTROL, PHOTO_CONTENT_TYPE } from '../uploads/photo-store';
import type { PutOptions } from './object-store';
import type { StoreSet } from '.';

// `npm run storage:migrate` (scripts/storage-migrate.ts): copies every file of one set of stores
// into another, the local disk into a bucket when a deployment outgrows one machine. A file the
// target already has at the same size is left alone, so a second run copies nothing, and a run
// stopped half-way (by a network failure) is finished by running it again.

const PUT_OPTIONS: Record<keyof StoreSet, PutOptions> = {
  photos: { contentType: PHOTO_CONTENT_TYPE, cacheControl: PHOTO_CACHE_CONTROL },
  idDocuments: { contentType: 'application/octet-stream' },
  petCertificates: { contentType: 'application/octet-stream' },
  stayPhotos: { contentType: 'application/octet-stream' },
};

export type CopyReport = Record<keyof StoreSet, { copied: number; present: number }>;

export async function copyStores(from: StoreSet, to: StoreSet, onCopied: (kind: keyof StoreSet, key: string) => void = () => {}): Promise<CopyReport> {
  const report = {} as CopyReport;
  for (const kind of Object.keys(PUT_OPTIONS) as (keyof StoreSet)[]) {
    const counts = { copied: 0, present: 0 };
    for await (const { key, size } of from[kind].list('')) {
      if ((await to[kind].size(key)) === size) {
        counts.present += 1;
        continue;
      }
      const body = await from[kind].get(key);
      // Deleted since it was listed (the app runs meanwhile): nothing to copy.
      if (!body) continue;
      await to[kind].put(key, body, PUT_OPTIONS[kind]);
      counts.copied += 1;
      onCopied(kind, key);
    }
    report[kind] = counts;
  }
  return report;
}
