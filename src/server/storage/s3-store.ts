import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertObjectKey, type ObjectStore } from './object-store';

// The store in a bucket, through the S3 API (AWS S3, or any S3-compatible service: Cloudflare R2,
// MinIO, DigitalOcean Spaces...). Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID
// and AWS_SECRET_ACCESS_KEY, a profile, or an instance role); the app never reads them itself.

export type S3StoreConfig = {
  bucket: string;
  /** An S3-compatible service's address; unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** bucket.host/key (virtual-hosted, AWS's default) or host/bucket/key (most compatible services). */
  forcePathStyle: boolean;
  /** Every key of this store is under it ("private/id-documents/"); "" for the bucket's root. */
  prefix?: string;
};

/** One client per configuration: its connections are pooled, so stores of one bucket share it. */
export function s3Client(config: Omit<S3StoreConfig, 'prefix'>): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // A bucket that stops answering must not hold a request (or a job) for the SDK's default of
    // no timeout at all: 3 s to connect, 10 s for an answer, two attempts (a photo is 20 s at worst).
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    maxAttempts: 2,
  });
}

/**
 * A key that is not there: NoSuchKey from a GET. A HEAD's 404 has no body to say which, so
 * `headMissing` takes any 404; a missing bucket is caught at start-up instead (checkBucket).
 */
const noSuchKey = (err: unknown) => err instanceof S3ServiceException && err.name === 'NoSuchKey';
const headMissing = (err: unknown) => err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;

/** Throws, saying which, unless the bucket exists and these credentials may use it. */
export async function checkBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (err) {
    const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
    const why = status === 404 ? 'does not exist' : status === 403 ? 'refuses these credentials' : `cannot be reached (${(err as Error).message})`;
    throw new Error(`bucket ${bucket} ${why}`);
  }
}

export function s3Store(client: S3Client, config: Pick<S3StoreConfig, 'bucket' | 'prefix'>): ObjectStore {
  const { bucket } = config;
  const prefix = config.prefix ?? '';
  const keyOf = (key: string) => {
    assertObjectKey(key);
    return `${prefix}${key}`;
  };
  return {
    where: `s3://${bucket}/${prefix}`,
    async put(key, body, options) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: body, ContentType: options.contentType, CacheControl: options.cacheControl }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        if (!answer.Body) return Buffer.alloc(0);
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (err) {
        if (noSuchKey(err)) return undefined;
        throw err;
      }
    },
    async size(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return answer.ContentLength ?? 0;
      } catch (err) {
        if (headMissing(err)) return undefined;
        throw err;
      }
    },
    async remove(key) {
      // S3 answers a missing key as a deleted one.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    async *list(within) {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${within}`, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { key: o.Key.slice(prefix.length), size: o.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
