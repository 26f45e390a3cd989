import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { ImageStorageConfig } from '../config.ts';

/**
 * A local S3-compatible server (s3rver) on a free port, its objects in a fresh folder, with one
 * empty bucket: the S3 adapter's tests talk to it exactly as to AWS S3, R2 or MinIO.
 */
export async function startS3Server(bucket = 'ad-images-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'quiz-points-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: Extract<ImageStorageConfig, { storage: 's3' }> = {
    storage: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    // s3rver's fixed development key pair.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
