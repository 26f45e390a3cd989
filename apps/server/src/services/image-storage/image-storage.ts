/**
 * Where ads' images live (docs/decisions/031-image-creatives.md): a bucket behind the S3
 * API in production, a folder as the local stand-in. Keys are content-addressed (a SHA-256 in the
 * name), so a key is written once and its bytes never change: every instance reading the same
 * storage serves the same file, and may let browsers keep it for a year.
 */
export interface ImageStorage {
  readonly kind: 's3' | 'folder';
  /** Stores `bytes` under `key` (writing a key again writes the same bytes). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Every key stored, in no particular order (what the tests check nothing was left by). */
  list(): Promise<string[]>;
}
