import { createHash } from 'node:crypto';

/** SPEC §3: the e-mail hash is of the lowercased, trimmed address. */
export function hashEmail(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
