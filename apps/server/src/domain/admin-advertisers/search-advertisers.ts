import { and, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { advertiserSummaryFields, japanMonthStartOf, toAdvertiserSummary } from './advertiser-summary.ts';

/** Escapes LIKE wildcards so a search for "a_b" finds "a_b" only. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The admin's advertiser list: accounts of the advertiser role (not withdrawn), newest first, at
 * most 100, each with their ads, what deliveries cost this Japan-time month and whether they are
 * suspended. `q` matches part of the e-mail, the sign-up name or the company name.
 */
export async function searchAdvertisers(options: { db: Database; q?: string; now?: Date }) {
  const rows = await advertiserLines(options);
  return rows.map(toAdvertiserSummary);
}

/**
 * The list's statement. It reads users_advertisers_idx (the advertisers only, in the list's order:
 * a few thousand entries among a million members) and filters those rows by `q`, so even a
 * one-character or Japanese fragment costs one pass over the advertisers, never over the members.
 */
export function advertiserLines({ db, q, now = new Date() }: { db: Database; q?: string; now?: Date }) {
  const pattern = q ? `%${literal(q)}%` : null;
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
      .where(and(sql`${users.role} = 'advertiser' and ${users.withdrawnAt} is null`, matches))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(100)
  );
}
