import { GIFT_CODE_LOW_STOCK, type GiftCodeStockRow, type OfferedGiftType } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { giftCodes } from '../../db/schema.ts';
import { readSetting } from '../settings/read-setting.ts';

/**
 * The inventory by gift type and amount: every amount the settings offer (stock or none), and any
 * other amount that still has codes, with counts by status. Offered amounts under
 * GIFT_CODE_LOW_STOCK are low.
 */
export async function listGiftCodeStock({ db }: { db: Executor }): Promise<GiftCodeStockRow[]> {
  const [types, counts] = await Promise.all([
    readSetting(db, 'giftTypes'),
    db
      .select({
        giftType: giftCodes.giftType,
        amount: giftCodes.amount,
        available: sql<number>`count(*) filter (where ${giftCodes.status} = 'available')::int`,
        issued: sql<number>`count(*) filter (where ${giftCodes.status} = 'issued')::int`,
        withdrawn: sql<number>`count(*) filter (where ${giftCodes.status} = 'withdrawn')::int`,
      })
      .from(giftCodes)
      .groupBy(giftCodes.giftType, giftCodes.amount),
  ]);
  const key = (giftType: string, amount: number) => `${giftType}/${amount}`;
  const countOf = new Map(counts.map((row) => [key(row.giftType, row.amount), row]));
  const offered = types.flatMap((type) => type.amounts.map((amount) => ({ type, amount })));
  const offeredKeys = new Set(offered.map(({ type, amount }) => key(type.id, amount)));
  const rows: GiftCodeStockRow[] = offered.map(({ type, amount }) => {
    const found = countOf.get(key(type.id, amount));
    const available = found?.available ?? 0;
    return {
      giftType: type.id,
      label: type.label,
      amount,
      available,
      issued: found?.issued ?? 0,
      withdrawn: found?.withdrawn ?? 0,
      low: available < GIFT_CODE_LOW_STOCK,
    };
  });
  for (const row of counts) {
    if (offeredKeys.has(key(row.giftType, row.amount))) continue;
    const label = types.find((type) => type.id === row.giftType)?.label ?? row.giftType;
    rows.push({ ...row, label, low: false });
  }
  return rows;
}

/** The gift types offered to members, each with the amounts that are issued at once (codes in stock). */
export async function listOfferedGiftTypes({ db }: { db: Executor }): Promise<OfferedGiftType[]> {
  const [types, inStock] = await Promise.all([
    readSetting(db, 'giftTypes'),
    db
      .selectDistinct({ giftType: giftCodes.giftType, amount: giftCodes.amount })
      .from(giftCodes)
      .where(eq(giftCodes.status, 'available')),
  ]);
  return types.map((type) => ({
    ...type,
    instantAmounts: type.amounts.filter((amount) =>
      inStock.some((row) => row.giftType === type.id && row.amount === amount),
    ),
  }));
}
