import { japanDateKey, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DomainError } from '../../http/domain-error.ts';
import { applyPointChange } from '../points/ledger.ts';
import { readSetting } from '../settings/read-setting.ts';
import { drawGachaReward } from './draw-gacha-reward.ts';

/**
 * The daily gacha (SPEC §4): one claim per Japan-time calendar day, the reward drawn here from the
 * configured table. The ledger's cause key (the day) makes a second claim impossible even in a race.
 */
export async function claimDailyGacha({
  db,
  userId,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  now?: Date;
}) {
  const today = japanDateKey(now);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ lastDailyClaim: users.lastDailyClaim })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new DomainError('UNAUTHENTICATED');
    if (user.lastDailyClaim && japanDateKey(user.lastDailyClaim) === today) {
      throw new DomainError('CONFLICT', messages.gachaAlreadyClaimed);
    }
    const reward = drawGachaReward(await readSetting(tx, 'gachaTable'));
    const result = await applyPointChange(tx, {
      userId,
      points: reward,
      reason: 'gacha',
      ref: today,
      memo: 'デイリーガチャ',
    });
    if (!result.applied) throw new DomainError('CONFLICT', messages.gachaAlreadyClaimed);
    await tx.update(users).set({ lastDailyClaim: now, updatedAt: now }).where(eq(users.id, userId));
    return { success: true as const, reward };
  });
}
