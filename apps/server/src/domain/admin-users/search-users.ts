import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hashEmail } from '../../db/email-hash.ts';
import { users } from '../../db/schema.ts';
import { toAdminUserSummary } from './to-admin-user-summary.ts';

/** The most people one page of a search lists. */
export const USER_PAGE_SIZE = 50;

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
 * The people after `cursor` (a person's id) in the order newest first, ties by id: their
 * (created_at, id) is below the cursor's, which users_created_idx gives as one range.
 */
export const afterPerson = (cursor: string): SQL =>
  sql`(${users.createdAt}, ${users.id}) < (select seen.created_at, seen.id from users seen where seen.id = ${cursor})`;

/**
 * The newest people whose e-mail holds `q` (any case), `limit` of them after `cursor` if given:
 * `q` as a fragment of qp_email_trigram_text, which users_email_trgm_idx indexes (migration 0014).
 * The planner reads that index for a fragment few addresses hold, and walks users_created_idx until
 * the page is full for one most hold ("gmail"), by the fragment's frequency in the statistics. `q`
 * holds only address characters (ADDRESS_CHARACTERS), none of them a LIKE wildcard once turned
 * into letters.
 */
export const partialMatches = (
  db: Database,
  q: string,
  { cursor, limit = USER_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
) =>
  db
    .select()
    .from(users)
    .where(
      and(
        sql`qp_email_trigram_text(${users.email}) like '%' || qp_email_trigram_text(${q}) || '%'`,
        cursor ? afterPerson(cursor) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);

/**
 * The admin finds people by user id, e-mail or e-mail hash (exact), or by part of an e-mail
 * (userSearchQuery asks for 3 characters: a shorter fragment has no trigram to look up), 50 a page.
 * The first page starts with the exact matches, then the rest newest first; each next page goes on
 * from the last person of the one before (`cursor`), the exact matches left out, as they were listed.
 */
export async function searchUsers({ db, q, cursor }: { db: Database; q: string; cursor?: string }) {
  const exact = await exactMatches(db, q);
  const found = new Set(exact.map((user) => user.id));
  // One more than the page (past the exact ones it may hold) says whether another page follows.
  const partial = ADDRESS_CHARACTERS.test(q)
    ? (await partialMatches(db, q, { cursor, limit: USER_PAGE_SIZE + exact.length + 1 })).filter(
        (user) => !found.has(user.id),
      )
    : [];
  const listed = [...(cursor ? [] : exact), ...partial];
  const page = listed.slice(0, USER_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: page.map(toAdminUserSummary),
    // A page ends on a partial match whenever more follow (exact matches are a handful at most).
    nextCursor: listed.length > USER_PAGE_SIZE && last && !found.has(last.id) ? last.id : null,
  };
}
