import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hashEmail } from '../../db/email-hash.ts';
import { users } from '../../db/schema.ts';
import { toAdminUserSummary } from './to-admin-user-summary.ts';

/** The most people one search lists. */
const LIMIT = 50;

/** An e-mail hash as the tables store it (sha256, hex): one pasted from a response or a log. */
const EMAIL_HASH = /^[0-9a-f]{64}$/i;

/**
 * What an address may hold (emailSchema's and Google's addresses are ASCII): a fragment with any
 * other character is in no address, and qp_email_trigram_text only turns these into letters.
 */
const ADDRESS_CHARACTERS = /^[A-Za-z0-9.@_'+-]+$/;

/**
 * The people `q` names exactly: a user id, an e-mail (by its hash, so a withdrawn person, whose
 * row keeps only the hash, is found too) or an e-mail hash. Primary key and users_email_hash_idx.
 */
export const exactMatches = (db: Database, q: string) =>
  db
    .select()
    .from(users)
    .where(
      or(
        eq(users.id, q),
        inArray(users.emailHash, [hashEmail(q), ...(EMAIL_HASH.test(q) ? [q.toLowerCase()] : [])]),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id));

/**
 * The newest people whose e-mail holds `q` (any case), one page: `q` as a fragment of
 * qp_email_trigram_text, which users_email_trgm_idx indexes (migration 0014). The planner reads
 * that index for a fragment few addresses hold, and walks users_created_idx until the page is full
 * for one most hold ("gmail"), by the fragment's frequency in the statistics. `q` holds only
 * address characters (ADDRESS_CHARACTERS), none of them a LIKE wildcard once turned into letters.
 */
export const partialMatches = (db: Database, q: string) =>
  db
    .select()
    .from(users)
    .where(sql`qp_email_trigram_text(${users.email}) like '%' || qp_email_trigram_text(${q}) || '%'`)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(LIMIT);

/**
 * The admin finds people by user id, e-mail or e-mail hash (exact), or by part of an e-mail
 * (userSearchQuery asks for 3 characters: a shorter fragment has no trigram to look up). Exact
 * matches come first, then the rest newest first, at most 50.
 */
export async function searchUsers({ db, q }: { db: Database; q: string }) {
  const [exact, partial] = await Promise.all([
    exactMatches(db, q),
    ADDRESS_CHARACTERS.test(q) ? partialMatches(db, q) : [],
  ]);
  const found = new Set(exact.map((user) => user.id));
  return [...exact, ...partial.filter((user) => !found.has(user.id))].slice(0, LIMIT).map(toAdminUserSummary);
}
