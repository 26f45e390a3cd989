import { passwordResetBody } from '@quiz-points/shared';
import { isAPIError } from 'better-auth/api';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../services/identity/auth.ts';
import { DomainError } from '../domain-error.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';

/** Sets a new password from a mailed link; every other session of the account ends. */
export async function resetPassword(options: { db: Database; auth: Auth; ip: string; input: unknown }) {
  const body = passwordResetBody.parse(options.input);
  await consumeRateLimit(options.db, {
    key: `password-reset-confirm:ip:${options.ip}`,
    limit: 20,
    windowSeconds: 3600,
  });
  try {
    await options.auth.api.resetPassword({ body: { token: body.token, newPassword: body.password } });
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) throw new DomainError('RESET_LINK_INVALID');
    throw error;
  }
  return { ok: true as const };
}
