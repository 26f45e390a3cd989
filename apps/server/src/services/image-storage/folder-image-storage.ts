import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage } from './image-storage.ts';

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/**
 * The local stand-in (refused in production): files in a folder, by default `images` inside DATA_DIR.
 * Instances on one machine share it. A file is written beside its place and renamed into it, so a
 * reader never sees half of one.
 */
export function createFolderImageStorage(dir: string): ImageStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    // Keys are the app's own (a hash and an extension); this keeps any other out of the folder.
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`image key outside the folder: ${key}`);
    return file;
  };
  return {
    kind: 'folder',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.partial`;
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async list() {
      try {
        const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          );
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
}
