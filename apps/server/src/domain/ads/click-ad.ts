import { messages } from '@quiz-points/shared';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adDeliveries, ads, quizResponses, users } from '../../db/schema.ts';
import { DomainError } from '../../http/domain-error.ts';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit.ts';
import { targetsViewer } from './targeting-sql.ts';
import type { Viewer } from './viewer.ts';

export interface ClickAdOptions {
  db: Database;
  viewer: Viewer;
  adId: string;
  waitSeconds: number;
  /** Counted in the same transaction: one commit per click (docs/performance.md). */
  rateLimit?: RateLimitRule;
  now?: Date;
}

/**
 * Opening an ad (SPEC §4 "User view of an ad"), in one transaction: the quiz response with the
 * not-yet-answered marker, one delivery counted (never past the cap; the delivery that reaches it
 * stops the ad) and the billable delivery. Opening the same ad again changes nothing.
 */
export async function clickAd({
  db,
  viewer,
  adId,
  waitSeconds,
  rateLimit,
  now = new Date(),
}: ClickAdOptions) {
  return db.transaction(async (tx) => {
    if (rateLimit) await consumeRateLimit(tx, rateLimit);
    // Holding the user's row makes "one ad wait at a time" hold under concurrency.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');

    const [existing] = await tx
      .select({ clickedAt: quizResponses.clickedAt })
      .from(quizResponses)
      .where(and(eq(quizResponses.emailHash, viewer.emailHash), eq(quizResponses.adId, adId)));
    if (existing?.clickedAt) return { clickedAt: existing.clickedAt, delivered: false };

    const waitStartedAfter = new Date(now.getTime() - waitSeconds * 1000);
    const [waiting] = await tx
      .select({ adId: quizResponses.adId })
      .from(quizResponses)
      .where(
        and(
          eq(quizResponses.userId, viewer.id),
          ne(quizResponses.adId, adId),
          isNull(quizResponses.answeredAt),
          gt(quizResponses.clickedAt, waitStartedAfter),
        ),
      )
      .limit(1);
    if (waiting) throw new DomainError('CONFLICT', messages.alreadyWaiting);

    const [delivered] = await tx
      .update(ads)
      .set({
        deliveryCount: sql`${ads.deliveryCount} + 1`,
        isActive: sql`${ads.deliveryCount} + 1 < ${ads.maxDeliveries}`,
        updatedAt: now,
      })
      .where(
        and(
          eq(ads.id, adId),
          eq(ads.status, 'approved'),
          eq(ads.isActive, true),
          sql`${ads.deliveryCount} < ${ads.maxDeliveries}`,
          targetsViewer(viewer),
        ),
      )
      .returning({ unitPrice: ads.unitPrice });
    if (!delivered) {
      const [ad] = await tx
        .select({ status: ads.status, deliveryCount: ads.deliveryCount, maxDeliveries: ads.maxDeliveries })
        .from(ads)
        .where(eq(ads.id, adId));
      if (!ad || ad.status !== 'approved') throw new DomainError('NOT_FOUND', messages.quizNotFound);
      if (ad.deliveryCount >= ad.maxDeliveries) throw new DomainError('CONFLICT', messages.adCapReached);
      throw new DomainError('CONFLICT', messages.adEnded);
    }

    await tx.insert(quizResponses).values({
      userId: viewer.id,
      emailHash: viewer.emailHash,
      adId,
      clickedAt: now,
      createdAt: now,
    });
    await tx
      .insert(adDeliveries)
      .values({ adId, userId: viewer.id, unitPrice: delivered.unitPrice, deliveredAt: now });
    return { clickedAt: now, delivered: true };
  });
}
