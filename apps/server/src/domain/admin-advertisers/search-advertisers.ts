import { and, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { likeFragment } from '../../db/like-fragment.ts';
import { users } from '../../db/schema.ts';
import { afterPerson } from '../admin-users/search-users.ts';
import { advertiserSummaryFields, japanMonthStartOf, toAdvertiserSummary } from './advertiser-summary.ts';

/** The most advertisers one page lists. */
export const ADVERTISER_PAGE_SIZE = 50;

type ListOptions = { db: Database; q?: string; cursor?: string; now?: Date };

/**
 * The admin's advertiser list: accounts of the advertiser role (not withdrawn), newest first, 50 a
 * page (the next one after the last advertiser listed, `cursor`), each with their ads, what
 * deliveries cost this Japan-time month and whether they are suspended. `q` matches part of the
 * e-mail, the sign-up name or the company name.
 */
export async function searchAdvertisers(options: ListOptions) {
  const rows = await advertiserLines({ ...options, limit: ADVERTISER_PAGE_SIZE + 1 });
  const page = rows.slice(0, ADVERTISER_PAGE_SIZE);
  return {
    advertisers: page.map(toAdvertiserSummary),
    nextCursor: rows.length > ADVERTISER_PAGE_SIZE ? page.at(-1)!.user.id : null,
  };
}

/**
 * The list's statement. It reads users_advertisers_idx (the advertisers only, in the list's order:
 * a few thousand entries among a million members) and filters those rows by `q`, so even a
 * one-character or Japanese fragment costs one pass over the advertisers, never over the members.
 */
export function advertiserLines({
  db,
  q,
  cursor,
  now = new Date(),
  limit = ADVERTISER_PAGE_SIZE,
}: ListOptions & { limit?: number }) {
  const pattern = q ? likeFragment(q) : null;
  const matches: SQL | undefined = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(users.displayName, pattern),
        ilike(users.companyName, pattern),
      )
    : undefined;
  return (
    db
      .select(advertiserSummaryFields(japanMonthStartOf(now)))
      .from(users)
      // users_advertisers_idx's own condition, written as constants: the index is then chosen
      // whatever way the statement is prepared.
      .where(
        and(
          sql`${users.role} = 'advertiser' and ${users.withdrawnAt} is null`,
          matches,
          cursor ? afterPerson(cursor) : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
  );
}
