import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ads, users } from '../../db/schema.ts';

/**
 * Removes an advertiser sign-up for `email` whose confirmation link was never opened. Called when
 * the identity provider vouches that the address belongs to the person signing in: an unconfirmed
 * sign-up proves nothing about the address, so it must not keep its owner out for good. Its
 * credential and sessions go with it (foreign keys); its pending link then finds no account.
 */
export async function releaseUnconfirmedSignUp({ db, email }: { db: Executor; email: string }) {
  await db
    .delete(users)
    .where(
      and(
        eq(users.email, email.toLowerCase()),
        eq(users.role, 'advertiser'),
        eq(users.emailVerified, false),
        notExists(db.select({ one: sql`1` }).from(ads).where(eq(ads.advertiserId, users.id))),
      ),
    );
}
