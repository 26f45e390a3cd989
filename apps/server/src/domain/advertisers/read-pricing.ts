import { DomainError, type Pricing } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pricingConfig } from '../../db/schema.ts';

/** SPEC §3 Pricing config in force; 価格設定が取得できませんでした。 when there is none. */
export async function readPricing(db: Executor): Promise<Pricing> {
  const [row] = await db
    .select({
      userReward: pricingConfig.userReward,
      baseFee: pricingConfig.baseFee,
      extraTargetingFee: pricingConfig.extraTargetingFee,
    })
    .from(pricingConfig)
    .where(eq(pricingConfig.id, 1));
  if (!row) throw new DomainError('PRICING_UNAVAILABLE');
  return row;
}
