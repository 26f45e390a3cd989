import type { Database } from '../../db/client.ts';
import { pageViews } from '../../db/schema.ts';

/** First-party analytics: one row per page view (SPEC-NOTES "Analytics"). */
export async function recordPageView({
  db,
  path,
  userId,
}: {
  db: Database;
  path: string;
  userId: string | null;
}) {
  await db.insert(pageViews).values({ path: path.split('?')[0] ?? path, userId });
}
