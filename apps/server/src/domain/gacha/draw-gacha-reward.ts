import { randomInt } from 'node:crypto';

export interface GachaEntry {
  points: number;
  weight: number;
}

/** Draws from a weighted table; `roll` is in [0, total weight). */
export function drawGachaReward(table: readonly GachaEntry[], roll = randomInt(totalWeight(table))): number {
  let remaining = roll;
  for (const entry of table) {
    if (remaining < entry.weight) return entry.points;
    remaining -= entry.weight;
  }
  throw new Error(`roll ${roll} is outside the table's total weight ${totalWeight(table)}`);
}

export function totalWeight(table: readonly GachaEntry[]): number {
  return table.reduce((sum, entry) => sum + entry.weight, 0);
}
