import { eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deletedUsers } from '../../db/schema.ts';

/** Whether this e-mail hash (or phone hash) belongs to someone who withdrew before. */
export async function isWithdrawnPerson(
  db: Executor,
  hashes: { emailHash: string; phoneHash?: string | null },
) {
  const conditions = [eq(deletedUsers.emailHash, hashes.emailHash)];
  if (hashes.phoneHash) conditions.push(eq(deletedUsers.phoneHash, hashes.phoneHash));
  const [row] = await db
    .select({ uid: deletedUsers.uid })
    .from(deletedUsers)
    .where(or(...conditions))
    .limit(1);
  return row !== undefined;
}
