// The configured blob store: an S3 bucket when S3_BUCKET is set, else the local folder UPLOADS_DIR.
import { traceClient } from '../../observability/tracing';
import type { TEnv } from '../../env';
import { createLocalBlobStore } from './local';
import { createS3BlobStore } from './s3';
import type { BlobStore } from './types';

export function createBlobStore(env: TEnv): BlobStore {
  const store = env.S3_BUCKET
    ? createS3BlobStore({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      })
    : createLocalBlobStore(env.UPLOADS_DIR);
  return traceClient(store.kind === 's3' ? 's3' : 'blobs', store, ['put', 'get', 'delete', 'ping']);
}

export type { BlobStore } from './types';
