import type { AdvertiserCompany } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

type Advertiser = Pick<typeof users.$inferSelect, 'displayName' | 'name' | 'companyName' | 'companyAddress'>;

/** The invoices' addressee as the advertiser gave it. */
export function companyOf(user: Advertiser): AdvertiserCompany {
  return {
    displayName: user.displayName ?? user.name,
    companyName: user.companyName,
    companyAddress: user.companyAddress,
  };
}

/**
 * Sets the invoices' addressee (null clears it: the display name stands in). Invoices already
 * issued keep the addressee they were written with.
 */
export async function updateCompanyDetails(
  db: Database,
  userId: string,
  input: { companyName: string; companyAddress: string },
): Promise<AdvertiserCompany> {
  const [updated] = await db
    .update(users)
    .set({ companyName: input.companyName || null, companyAddress: input.companyAddress || null })
    .where(eq(users.id, userId))
    .returning();
  if (!updated) throw new Error(`no user ${userId}`);
  return companyOf(updated);
}
