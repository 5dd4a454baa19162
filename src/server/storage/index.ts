import path from 'node:path';
import type { Config, StorageConfig } from '../config';
import { diskStore } from './disk-store';
import type { ObjectStore } from './object-store';
import { type PrivateFiles, privateFiles } from './private-files';
import { checkBucket, s3Client, s3Store } from './s3-store';

export { isObjectKey, type ObjectStore } from './object-store';
export type { PrivateFiles } from './private-files';
export { publicPhotoUrl, publicPhotoUrls } from './public-urls';

// The app's stores (decision 035), one per kind of file. On the disk: the photos in
// DATA_DIR/uploads/photos, the private files under DATA_DIR/private. In buckets: the photos under
// photos/ of S3_BUCKET (which may be public, or behind a CDN), the private files in
// S3_PRIVATE_BUCKET, which never is.

/** The stores by what they hold, as raw object stores (storage:migrate copies one set into another). */
export type StoreSet = { photos: ObjectStore; idDocuments: ObjectStore; petCertificates: ObjectStore; stayPhotos: ObjectStore };

/** Each store's folder under DATA_DIR, and its bucket and prefix. */
const PLACES = {
  photos: { folder: 'uploads/photos', bucket: 'public', prefix: 'photos/' },
  idDocuments: { folder: 'private/id-documents', bucket: 'private', prefix: 'id-documents/' },
  petCertificates: { folder: 'private/pet-certificates', bucket: 'private', prefix: 'pet-certificates/' },
  stayPhotos: { folder: 'private/stay-photos', bucket: 'private', prefix: 'stay-photos/' },
} as const;

export function diskStores(dataDir: string): StoreSet {
  return {
    photos: diskStore(path.join(dataDir, PLACES.photos.folder)),
    idDocuments: diskStore(path.join(dataDir, PLACES.idDocuments.folder), { private: true }),
    petCertificates: diskStore(path.join(dataDir, PLACES.petCertificates.folder), { private: true }),
    stayPhotos: diskStore(path.join(dataDir, PLACES.stayPhotos.folder), { private: true }),
  };
}

export function bucketStores(config: Extract<StorageConfig, { kind: 's3' }>): StoreSet {
  const client = s3Client(config);
  const within = (place: keyof typeof PLACES) =>
    s3Store(client, { bucket: PLACES[place].bucket === 'public' ? config.bucket : config.privateBucket, prefix: PLACES[place].prefix });
  return { photos: within('photos'), idDocuments: within('idDocuments'), petCertificates: within('petCertificates'), stayPhotos: within('stayPhotos') };
}

export type Storage = {
  /** The photos' variants, <uuid>-<width>.webp (uploads/photo-store.ts). */
  photos: ObjectStore;
  /** Hosts' ID documents (issue 23). */
  idDocuments: PrivateFiles;
  /** Pets' vaccination certificates (issue 24). */
  petCertificates: PrivateFiles;
  /** The photos of a stay's updates, the guest's and the host's alone (issue 37). */
  stayPhotos: PrivateFiles;
};

/**
 * At start-up: both buckets exist and take these credentials. Without it, a mistyped bucket would
 * look like photos that are all missing, and every upload would fail.
 */
export async function checkStorage(config: Pick<Config, 'storage'>): Promise<void> {
  if (config.storage.kind !== 's3') return;
  const client = s3Client(config.storage);
  try {
    await Promise.all([checkBucket(client, config.storage.bucket), checkBucket(client, config.storage.privateBucket)]);
  } finally {
    client.destroy();
  }
}

export function openStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  const stores = config.storage.kind === 's3' ? bucketStores(config.storage) : diskStores(config.dataDir);
  return {
    photos: stores.photos,
    idDocuments: privateFiles(stores.idDocuments),
    petCertificates: privateFiles(stores.petCertificates),
    stayPhotos: privateFiles(stores.stayPhotos),
  };
}
