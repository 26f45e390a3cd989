import type { Database } from '../../db/client.ts';
import { pageViews } from '../../db/schema.ts';
import { countRateLimitHit } from '../rate-limits/consume-rate-limit.ts';

/** Page views per client address: one a second for ten minutes on end is more than anyone reads. */
export const PAGE_VIEW_LIMIT = { limit: 600, windowSeconds: 600 };

/**
 * First-party analytics: one row per page view (SPEC-NOTES "Analytics"). Past the limit of its
 * client address a view is dropped, not refused: the page never waits on analytics, and a script
 * posting views in a loop learns nothing. Answers whether the view was stored.
 */
export async function recordPageView({
  db,
  path,
  userId,
  ip,
}: {
  db: Database;
  path: string;
  userId: string | null;
  ip: string;
}): Promise<boolean> {
  if (!(await countRateLimitHit(db, { key: `page-view:ip:${ip}`, ...PAGE_VIEW_LIMIT }))) return false;
  await db.insert(pageViews).values({ path: path.split('?')[0] ?? path, userId });
  return true;
}
