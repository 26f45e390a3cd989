import { randomInt } from 'node:crypto';

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** SPEC §3: 8 random alphanumerics. The unique index guards the (1 in 2×10^14) collision. */
export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => ALPHANUMERICS[randomInt(ALPHANUMERICS.length)]).join('');
}
