// `npm run storage:migrate`: copies the files kept on this machine (DATA_DIR/uploads/photos and
// DATA_DIR/private) into the bucket that S3_BUCKET names (decision 035), before the app is
// started with it. Idempotent: what the bucket already has is skipped, so it can be run again
// after a failure, or once more just before the switch to pick up the last uploads.
import { ConfigError, loadConfig } from '../src/server/config';
import { bucketStores, diskStores } from '../src/server/storage';
import { copyStores } from '../src/server/storage/migrate';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? `storage:migrate: ${err.message}` : err);
  process.exit(2);
}
if (config.storage.kind !== 's3') {
  console.error('storage:migrate: set S3_BUCKET (and S3_ENDPOINT, S3_REGION and the AWS_* credentials) to the bucket to copy DATA_DIR\'s files into');
  process.exit(2);
}
const target = `s3://${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ''}`;
console.log(`storage:migrate: ${config.dataDir} → ${target}`);
try {
  const report = await copyStores(diskStores(config.dataDir), bucketStores(config.storage));
  for (const [kind, { copied, present }] of Object.entries(report)) {
    console.log(`  ${kind}: ${copied} copied, ${present} already there`);
  }
} catch (err) {
  console.error(`storage:migrate failed (run it again to finish: what was copied is kept): ${(err as Error).message}`);
  process.exit(1);
}
