import { DomainError, rateLimits } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema.ts';
import type { ImageStorage } from '../../services/image-storage/image-storage.ts';
import { type AdOwner, lockOwnedAd, ownedBy } from '../advertisers/owned-ad.ts';
import { toAdvertiserAd } from '../advertisers/to-advertiser-ad.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';
import { adImageKey } from './ad-image-view.ts';
import { assertImageEditable } from './editable-image.ts';
import { prepareAdImage } from './prepare-ad-image.ts';

/** Uploads per account: decoding is the costliest thing an advertiser can ask of a server. */

/**
 * The owner's upload becomes the ad's banner image (docs/decisions/031-image-creatives.md).
 * The ad is checked first (another's is not found; one in review or approved is refused), then the
 * bytes are checked and remade (prepareAdImage: a bad file is refused before anything is stored),
 * the files stored, and the ad pointed at them under its row lock, checked again there. Files are
 * named by their content, so storing one twice, or one another ad also uses, changes nothing.
 */
export async function setAdImage(options: {
  db: Database;
  storage: ImageStorage;
  owner: AdOwner;
  adId: string;
  bytes: Uint8Array;
}) {
  const { db, storage, owner, adId, bytes } = options;
  const [ad] = await db.select({ status: ads.status }).from(ads).where(ownedBy(adId, owner));
  if (!ad) throw new DomainError('NOT_FOUND');
  assertImageEditable(ad);
  await consumeRateLimit(db, { key: `ad-image:user:${owner.userId}`, ...rateLimits.adImageUpload });

  const image = await prepareAdImage(bytes);
  await Promise.all(image.files.map((file) => storage.put(adImageKey(file.name), file.bytes, 'image/webp')));
  return db.transaction(async (tx) => {
    assertImageEditable(await lockOwnedAd(tx, adId, owner));
    const [row] = await tx
      .update(ads)
      .set({
        image: {
          width: image.width,
          height: image.height,
          files: image.files.map(({ width, height, name }) => ({ width, height, name })),
        },
        updatedAt: new Date(),
      })
      .where(eq(ads.id, adId))
      .returning();
    return { ad: toAdvertiserAd(row!, { deliveryCount: 0, spend: 0 }) };
  });
}
