import { and, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
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
export async function searchAdvertisers({
  db,
  q,
  now = new Date(),
}: {
  db: Database;
  q?: string;
  now?: Date;
}) {
  const pattern = q ? `%${literal(q)}%` : null;
  const matches: SQL | undefined = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(users.displayName, pattern),
        ilike(users.companyName, pattern),
      )
    : undefined;
  const rows = await db
    .select(advertiserSummaryFields(japanMonthStartOf(now)))
    .from(users)
    .where(and(eq(users.role, 'advertiser'), isNull(users.withdrawnAt), matches))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(100);
  return rows.map(toAdvertiserSummary);
}
