import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import { defaultSettings } from '../../db/seed-defaults.ts';
import { sessionLife } from '../session-life.ts';

/**
 * qp_claim_gacha (claim-daily-gacha.sql) is the whole claim, the session lookup included:
 * who is signed in and a member, one claim per Japan-time day, the reward drawn from the
 * configured table with `roll`, the credit through the ledger. One round trip.
 */
const claimGacha: HotStatement = {
  name: 'claim-gacha',
  text: 'select reward, balance from qp_claim_gacha($1, $2, $3::jsonb, $4::timestamptz, $5, $6)',
};
const defaultTable = JSON.stringify(defaultSettings.gachaTable);
const ROLL_STEPS = 2 ** 47;

/** The daily gacha (SPEC §4) for the person behind `sessionToken` (its cookie signature checked). */
export async function claimDailyGacha({
  db,
  sessionToken,
  now = new Date(),
  roll = randomInt(ROLL_STEPS) / ROLL_STEPS,
}: {
  db: Database;
  sessionToken: string;
  now?: Date;
  /** In [0, 1): where the draw lands in the table's total weight. */
  roll?: number;
}) {
  const [claimed] = await runHot<{ reward: number; balance: number }>(db, claimGacha, [
    sessionToken,
    roll,
    defaultTable,
    now.toISOString(),
    ...sessionLife,
  ]);
  return { success: true as const, reward: Number(claimed?.reward), balance: Number(claimed?.balance) };
}
