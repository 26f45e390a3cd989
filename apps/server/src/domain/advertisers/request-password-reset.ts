import { messages, passwordResetRequestBody } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Auth } from '../../services/identity/auth.ts';
import { DomainError } from '../domain-error.ts';
import type { Logger } from '../logger.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';

/**
 * Mails a reset link to an advertiser. The answer is the same whether or not the address belongs
 * to one (no account enumeration); only advertisers are mailed, so a Google user never gets a
 * password this way. SPEC §5/§8: an empty address gets メールアドレスを入力してください, any other
 * failure メールアドレスをご確認ください。
 */
export async function requestPasswordReset(options: {
  db: Database;
  auth: Auth;
  log: Logger;
  ip: string;
  publicUrl: string;
  input: unknown;
}) {
  const { db, auth, ip } = options;
  let email: string;
  try {
    email = passwordResetRequestBody.parse(options.input).email.toLowerCase();
  } catch (error) {
    if (error instanceof ZodError && error.issues[0]?.message === messages.emailRequired) {
      throw new DomainError('EMAIL_REQUIRED');
    }
    throw new DomainError('VALIDATION', messages.passwordResetFailed);
  }
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
