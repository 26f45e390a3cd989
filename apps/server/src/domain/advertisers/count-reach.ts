import type { PricedTargeting } from '@quiz-points/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/**
 * A text[] argument as one parameter, an array literal (drizzle spreads a plain array into several).
 * The values are the profile options the request's schema accepted; quotes and backslashes are
 * escaped all the same.
 */
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * The statement counting a targeting's members on the reach cells' day: the sum of the cells
 * (migrations/0013_reach_cells.sql) that the delivery's own rule takes in — `qp_ad_targets` for
 * gender and age band, `qp_profile_values_target` (what `qp_profile_targets` asks of a member's row)
 * for the profile — read from the smallest level that keeps every profile value the targeting uses.
 */
export function reachStatement(targeting: PricedTargeting): SQL {
  const prefectures = () => textArray(targeting.targetPrefectures);
  const occupations = () => textArray(targeting.targetOccupations);
  const incomes = () => textArray(targeting.targetIncomes);
  const maritalStatuses = () => textArray(targeting.targetMaritalStatuses);
  const children = () => textArray(targeting.targetChildren);
  // Each list is sent where it is used: as parameters of a one-off statement the planner folds them
  // in, so the level and the empty lists are settled before any row is read. A filled list matches
  // only the values in it, so it is said again on the cells' columns for the index to read just those
  // cells; the rule below still decides each one.
  return sql`select coalesce(sum(c.members), 0)::integer as members
    from reach_cells c
    where c.level = qp_reach_cell_level(${prefectures()}, ${occupations()}, ${incomes()},
                                        ${maritalStatuses()}, ${children()})
      and (${prefectures()} = '{}' or c.prefecture = any (${prefectures()}))
      and (${occupations()} = '{}' or c.occupation = any (${occupations()}))
      and (${incomes()} = '{}' or c.annual_income = any (${incomes()}))
      and (${maritalStatuses()} = '{}' or c.marital_status = any (${maritalStatuses()}))
      and qp_ad_targets(${JSON.stringify(targeting.targetGender)}::jsonb,
                        ${JSON.stringify(targeting.targetAgeRange)}::jsonb, c.gender, c.age_band)
      and qp_profile_values_target(${prefectures()}, ${occupations()}, ${incomes()}, ${maritalStatuses()},
                                   ${children()}, c.prefecture, c.occupation, c.annual_income,
                                   c.marital_status, c.has_children)`;
}

/**
 * How many members an ad with this targeting would reach, exactly, on the reach cells' day
 * (reachStatement). Never the whole member table: at a million members a few thousand cells.
 */
export async function countReach(options: { db: Executor; targeting: PricedTargeting }): Promise<number> {
  const [row] = await queryRows<{ members: number }>(options.db, reachStatement(options.targeting));
  return row?.members ?? 0;
}
