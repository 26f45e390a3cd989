import { DomainError } from '@quiz-points/shared';
import { isAPIError } from 'better-auth/api';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';
import type { PasswordActionOptions } from './password-action-options.ts';

/** Sets a new password from a mailed link; every other session of the account ends. */
export async function resetPassword(options: PasswordActionOptions<{ token: string; password: string }>) {
  const body = options.input;
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
