import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema.ts';
import { type AdOwner, lockOwnedAd } from '../advertisers/owned-ad.ts';
import { toAdvertiserAd } from '../advertisers/to-advertiser-ad.ts';
import { assertImageEditable } from './editable-image.ts';

/**
 * The ad without a banner image again, where its image could be changed. Its files stay in
 * the storage: their addresses may be cached for a year, and a copy of the ad may use them.
 */
export async function removeAdImage(options: { db: Database; owner: AdOwner; adId: string }) {
  const { db, owner, adId } = options;
  return db.transaction(async (tx) => {
    assertImageEditable(await lockOwnedAd(tx, adId, owner));
    const [row] = await tx
      .update(ads)
      .set({ image: null, updatedAt: new Date() })
      .where(eq(ads.id, adId))
      .returning();
    return { ad: toAdvertiserAd(row!, { deliveryCount: 0, spend: 0 }) };
  });
}
