import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * A sign-in happened: the person's last sign-in (users.last_login_at) is when its session began.
 * Every sign-in makes a session (Google, an advertiser's password, a confirmed e-mail's link), and
 * only a sign-in does, so the identity service calls this once each session is written.
 */
export async function recordSignIn({ db, userId, at }: { db: Database; userId: string; at: Date }) {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}
