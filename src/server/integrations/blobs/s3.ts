// Uploads in an S3 bucket (AWS S3, or an S3-compatible server: MinIO, Cloudflare R2, ... through
// S3_ENDPOINT), so every app server reads what any of them wrote. The SDK is loaded only when configured.
import type { S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from './types';

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function createS3BlobStore(config: S3Config): BlobStore {
  let client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        // Buckets in the path (bucket.host names need DNS that S3-compatible servers rarely have).
        forcePathStyle: Boolean(config.endpoint),
        credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
        // Checksums only where S3 requires them: S3-compatible servers do not all take the SDK's newer
        // streaming checksum trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      const { s3, sdk } = await connect();
      try {
        const res = await s3.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!res.Body) return null;
        return { body: await res.Body.transformToByteArray(), contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw err;
      }
    },
    async delete(key) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async ping() {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.HeadBucketCommand({ Bucket: config.bucket }));
    },
  };
}
