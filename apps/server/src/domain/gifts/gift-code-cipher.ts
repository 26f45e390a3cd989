import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { giftCodeKey } from '@quiz-points/shared';

/**
 * The gift-code inventory's encryption at rest (decision 016). Two keys are derived from
 * GIFT_CODE_KEY with HKDF, one per purpose: AES-256-GCM for the code itself (a fresh 12-byte IV per
 * code, the tag checked on reading, so a changed row fails loudly rather than showing a wrong code),
 * and HMAC-SHA-256 for the fingerprint that refuses a code loaded twice without storing it in clear.
 */
export interface GiftCodeCipher {
  encrypt(code: string): string;
  decrypt(ciphertext: string): string;
  /** One for every way of writing the code (giftCodeKey: letter case and hyphens aside). */
  fingerprint(code: string): string;
}

/** What gift_codes.fingerprint_version says of a fingerprint made by `fingerprint` (migration 0019). */
export const GIFT_CODE_FINGERPRINT_VERSION = 2;

const VERSION = 'v1';

function derive(key: Buffer, purpose: string) {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `quiz-points gift codes: ${purpose}`, 32));
}

export function createGiftCodeCipher(key: Buffer): GiftCodeCipher {
  if (key.length !== 32) throw new Error('the gift-code key must be 32 bytes');
  const encryptionKey = derive(key, 'encryption');
  const fingerprintKey = derive(key, 'fingerprint');
  return {
    encrypt(code) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    decrypt(ciphertext) {
      const [version, ...parts] = ciphertext.split('.');
      const [iv, tag, sealed] = parts.map((part) => Buffer.from(part, 'base64url'));
      if (version !== VERSION || !iv || !tag || !sealed) {
        throw new Error('not a gift-code ciphertext');
      }
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    },
    fingerprint(code) {
      return createHmac('sha256', fingerprintKey).update(giftCodeKey(code)).digest('base64url');
    },
  };
}

/** What the admin sees of a loaded code: its last four characters. */
export function maskGiftCode(last4: string) {
  return `••••${last4}`;
}
