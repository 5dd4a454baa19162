import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { type StorageConfig, loadConfig } from '../config';

// An S3-compatible server for the tests (decision 035: s3rver, from the npm registry, in the
// test's own process), with the two empty buckets the app needs (photos, private files). The app reaches it through the real S3 client, as
// it would reach AWS or R2: the same requests, signatures and answers.

export const S3_TEST_BUCKET = 'pawstay-test';
export const S3_TEST_PRIVATE_BUCKET = 'pawstay-test-private';

export type S3TestServer = {
  endpoint: string;
  /** The app's environment for this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'pawstay-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_TEST_BUCKET }, { name: S3_TEST_PRIVATE_BUCKET }] });
  const { port } = await server.run();
  // s3rver's fixed key pair; the SDK reads it from the environment, as it would a real one.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  // The SDK's notice that its releases from 2027 need Node 22 (decision 035 pins this one).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: { S3_BUCKET: S3_TEST_BUCKET, S3_PRIVATE_BUCKET: S3_TEST_PRIVATE_BUCKET, S3_ENDPOINT: endpoint, S3_REGION: 'ap-south-1' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The server for the tests of one file: filled in before them (beforeAll), stopped after. */
export function useS3Server(): S3TestServer {
  const server = {} as S3TestServer;
  beforeAll(async () => void Object.assign(server, await startS3Server()));
  afterAll(() => server.close?.());
  return server;
}

/** The app's storage configuration for the server's buckets. */
export function bucketConfigOf(server: S3TestServer): Extract<StorageConfig, { kind: 's3' }> {
  const { storage } = loadConfig({ NODE_ENV: 'test', ...server.env });
  if (storage.kind !== 's3') throw new Error('expected the buckets');
  return storage;
}
