import type { FastifyInstance } from 'fastify';
import { readAdImageFile } from '../../domain/ad-images/read-ad-image-file.ts';
import type { ImageStorage } from '../../services/image-storage/image-storage.ts';
import { sendNotFound } from '../error-handler.ts';

/**
 * An ad image's files, read from the image storage every instance shares (never from this
 * process's memory), so any instance serves any image. A file's name is its content's hash: it never
 * changes, and browsers and caches may keep it for a year without asking again. The names are not
 * guessable, so a file is public to whoever was given its address (the ad's owner, the admin, members).
 */
const immutable = 'public, max-age=31536000, immutable';

export function registerAdImageFiles(app: FastifyInstance, storage: ImageStorage) {
  app.get<{ Params: { name: string } }>('/images/:name', async (request, reply) => {
    const { name } = request.params;
    const bytes = await readAdImageFile({ storage, name });
    if (!bytes) return sendNotFound(reply);
    return (
      reply
        .header('content-type', 'image/webp')
        .header('cache-control', immutable)
        // The name is the hash of the bytes, so it is their strongest validator.
        .header('etag', `"${name.replace(/\.webp$/, '')}"`)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    );
  });
}
