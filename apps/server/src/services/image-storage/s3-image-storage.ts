import type { ImageStorageConfig } from '../../config.ts';
import type { ImageStorage } from './image-storage.ts';

type S3Settings = Extract<ImageStorageConfig, { storage: 's3' }>;

/**
 * The real adapter: a bucket behind the S3 API through AWS's SDK, so AWS S3, Cloudflare R2 and MinIO
 * alike (S3_ENDPOINT, S3_REGION, S3_BUCKET, the key pair, S3_FORCE_PATH_STYLE). The bucket stays
 * private: the app reads the files and serves them itself. The SDK is loaded here, on first use of
 * this adapter, so a start-up with the folder stand-in never pays for it.
 */
export async function createS3ImageStorage(settings: S3Settings): Promise<ImageStorage> {
  const { GetObjectCommand, ListObjectsCommand, NoSuchKey, PutObjectCommand, S3Client } = await import(
    '@aws-sdk/client-s3'
  );
  const client = new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where the API requires them: S3-compatible services differ in the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async list() {
      // Paged by the last key seen (the first version of the listing, which every S3-compatible
      // service answers alike; s3rver cannot make the second version's continuation tokens).
      const keys: string[] = [];
      for (let Marker: string | undefined; ; ) {
        const page = await client.send(new ListObjectsCommand({ Bucket, Marker }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        Marker = keys.at(-1);
        if (!page.IsTruncated || !Marker) return keys;
      }
    },
  };
}
