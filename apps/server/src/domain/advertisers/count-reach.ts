import { type PricedTargeting, prefectures } from '@quiz-points/shared';
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

/** The smallest level keeping every profile value the targeting uses (qp_reach_cell_level). */
const levelOf = (targeting: PricedTargeting) =>
  sql`qp_reach_cell_level(${textArray(targeting.targetPrefectures)}, ${textArray(targeting.targetOccupations)},
                          ${textArray(targeting.targetIncomes)}, ${textArray(targeting.targetMaritalStatuses)},
                          ${textArray(targeting.targetChildren)})`;

/**
 * The members of the cells at `level` (narrowed by `prefectureCells`) that the delivery's own rule
 * takes in with `targeting`: `qp_ad_targets` for gender and age band, `qp_profile_values_target`
 * (what `qp_profile_targets` asks of a member's row) for the profile.
 */
function cellSum(targeting: PricedTargeting, level: SQL, prefectureCells: SQL): SQL {
  const prefectures = () => textArray(targeting.targetPrefectures);
  const occupations = () => textArray(targeting.targetOccupations);
  const incomes = () => textArray(targeting.targetIncomes);
  const maritalStatuses = () => textArray(targeting.targetMaritalStatuses);
  const children = () => textArray(targeting.targetChildren);
  // Each list is sent where it is used: as parameters of a one-off statement the planner folds them
  // in, so the level and the empty lists are settled before any row is read. A filled list matches
  // only the values in it, so it is said again on the cells' columns for the index to read just those
  // cells; the rule still decides each one.
  return sql`(select coalesce(sum(c.members), 0) from reach_cells c
    where c.level = ${level} and ${prefectureCells}
      and (${occupations()} = '{}' or c.occupation = any (${occupations()}))
      and (${incomes()} = '{}' or c.annual_income = any (${incomes()}))
      and (${maritalStatuses()} = '{}' or c.marital_status = any (${maritalStatuses()}))
      and qp_ad_targets(${JSON.stringify(targeting.targetGender)}::jsonb,
                        ${JSON.stringify(targeting.targetAgeRange)}::jsonb, c.gender, c.age_band)
      and qp_profile_values_target(${prefectures()}, ${occupations()}, ${incomes()}, ${maritalStatuses()},
                                   ${children()}, c.prefecture, c.occupation, c.annual_income,
                                   c.marital_status, c.has_children))`;
}

/**
 * The statement counting a targeting's members on the reach cells' day (reach-cells.sql):
 * the sum of the cells the delivery's rule takes in, from the smallest level that keeps every profile
 * value the targeting uses. A list of more than half the prefectures (a few regions ticked) is counted
 * the other way round, so that the cells read are those of the prefectures left out: everyone the
 * rest of the targeting takes in, less those of them in a prefecture not on the list or in none. That
 * holds while every member's prefecture is one of the 47 or blank (the profile takes it from the
 * zip-code dataset); should a cell hold another, the count is made the direct way.
 */
export function reachStatement(targeting: PricedTargeting): SQL {
  const listed = targeting.targetPrefectures;
  const direct = cellSum(
    targeting,
    levelOf(targeting),
    sql`(${textArray(listed)} = '{}' or c.prefecture = any (${textArray(listed)}))`,
  );
  if (listed.length * 2 <= prefectures.length) return sql`select ${direct}::integer as members`;
  const anywhere = { ...targeting, targetPrefectures: [] };
  const leftOut = prefectures.filter((prefecture) => !listed.includes(prefecture));
  const everyone = cellSum(anywhere, levelOf(anywhere), sql`true`);
  const elsewhere = cellSum(
    anywhere,
    levelOf(targeting),
    sql`(c.prefecture = any (${textArray(leftOut)}) or c.prefecture is null)`,
  );
  return sql`select (case
      when exists (select 1 from reach_cells c where c.level = 1 and c.prefecture <> all (${textArray(prefectures)}))
      then ${direct}
      else ${everyone} - ${elsewhere}
    end)::integer as members`;
}

/**
 * How many members an ad with this targeting would reach, exactly, on the reach cells' day
 * (reachStatement). Never the whole member table: at a million members a few thousand cells.
 */
export async function countReach(options: { db: Executor; targeting: PricedTargeting }): Promise<number> {
  const [row] = await queryRows<{ members: number }>(options.db, reachStatement(options.targeting));
  return row?.members ?? 0;
}
