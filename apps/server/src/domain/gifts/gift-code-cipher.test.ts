import { describe, expect, it } from 'vitest';
import { createGiftCodeCipher, maskGiftCode } from './gift-code-cipher.ts';

const cipher = createGiftCodeCipher(Buffer.alloc(32, 1));

describe('the gift-code cipher', () => {
  it('reads back what it sealed, and never seals a code the same way twice', () => {
    const code = 'AQ7K-9XZP-4M2D';
    const first = cipher.encrypt(code);
    const second = cipher.encrypt(code);
    expect(first).not.toContain(code);
    expect(first).not.toBe(second);
    expect(cipher.decrypt(first)).toBe(code);
    expect(cipher.decrypt(second)).toBe(code);
  });

  it('refuses a changed ciphertext and another key', () => {
    const sealed = cipher.encrypt('CODE-1234');
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createGiftCodeCipher(Buffer.alloc(32, 2)).decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt('CODE-1234')).toThrow();
  });

  it('fingerprints a code the same way every time and however it is written, differently under another key', () => {
    expect(cipher.fingerprint('CODE-1234')).toBe(cipher.fingerprint('CODE-1234'));
    expect(cipher.fingerprint('CODE-1234')).not.toBe(cipher.fingerprint('CODE-1235'));
    for (const variant of ['code-1234', 'CODE1234', 'Co-De-12-34']) {
      expect(cipher.fingerprint(variant), variant).toBe(cipher.fingerprint('CODE-1234'));
    }
    expect(createGiftCodeCipher(Buffer.alloc(32, 2)).fingerprint('CODE-1234')).not.toBe(
      cipher.fingerprint('CODE-1234'),
    );
  });

  it('masks all but the last four characters', () => {
    expect(maskGiftCode('1234')).toBe('••••1234');
  });
});
