import { DomainError, messages } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Logger } from '../logger.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';
import type { PasswordActionOptions } from './password-action-options.ts';

/**
 * Mails a reset link to an advertiser. The answer is the same whether or not the address belongs
 * to one (no account enumeration); only advertisers are mailed, so a Google user never gets a
 * password this way. A failed mail answers メールアドレスをご確認ください。 (SPEC §5/§8; the request's own
 * schema answers a malformed address the same way).
 */
export async function requestPasswordReset(
  options: PasswordActionOptions<{ email: string }> & { log: Logger; publicUrl: string },
) {
  const { db, auth, ip } = options;
  const email = options.input.email.toLowerCase();
  await consumeRateLimit(db, { key: `password-reset:email:${email}`, limit: 3, windowSeconds: 3600 });
  await consumeRateLimit(db, { key: `password-reset:ip:${ip}`, limit: 20, windowSeconds: 3600 });
  const [advertiser] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'advertiser')));
  if (!advertiser) return { ok: true as const };
  try {
    await auth.api.requestPasswordReset({
      body: { email, redirectTo: `${options.publicUrl}/advertiser/reset-password` },
    });
  } catch (error) {
    options.log.warn({ err: error }, 'password reset mail failed');
    throw new DomainError('VALIDATION', messages.passwordResetFailed);
  }
  return { ok: true as const };
}
