import type { AdminSummary } from '@quiz-points/shared';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, giftRequests } from '../../db/schema.ts';
import { listGiftCodeStock } from '../gifts/gift-code-stock.ts';

/**
 * What is waiting for the admin (the hub): ads to review, gift requests to settle, and gift codes
 * running low.
 */
export async function getAdminSummary({ db }: { db: Database }): Promise<AdminSummary> {
  const [[pendingAds], [pendingGifts], stock] = await Promise.all([
    db.select({ n: count() }).from(ads).where(eq(ads.status, 'pending')),
    db.select({ n: count() }).from(giftRequests).where(eq(giftRequests.status, 'pending')),
    listGiftCodeStock({ db }),
  ]);
  return {
    pendingAds: pendingAds?.n ?? 0,
    pendingGifts: pendingGifts?.n ?? 0,
    lowGiftCodeStock: stock.filter((row) => row.low),
  };
}
