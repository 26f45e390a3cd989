import { desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hashEmail } from '../../db/email-hash.ts';
import { users } from '../../db/schema.ts';
import { toAdminUserSummary } from './to-admin-user-summary.ts';

/** Escapes LIKE wildcards so a search for "a_b" finds "a_b" only. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The admin finds people by user id (exact), e-mail (exact, through its hash, so a withdrawn
 * person's id is still found) or part of an e-mail. Newest first, at most 50.
 */
export async function searchUsers({ db, q }: { db: Database; q: string }) {
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(users.id, q), eq(users.emailHash, hashEmail(q)), ilike(users.email, `%${literal(q)}%`)))
    .orderBy(desc(users.createdAt))
    .limit(50);
  return rows.map(toAdminUserSummary);
}
