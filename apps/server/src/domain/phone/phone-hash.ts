import { createHmac } from 'node:crypto';

/**
 * Phone numbers and codes are stored only as keyed hashes. The key is the auth secret, so a
 * stolen database alone cannot be brute-forced back to numbers.
 */
export function keyedHash(secret: string, purpose: 'phone' | 'code', value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('hex');
}
