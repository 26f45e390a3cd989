import { z } from 'zod';
import '../core/zod-config.ts';
import { MAX_DELIVERIES_LIMIT } from '../core/constants.ts';
import { formatNumber } from '../core/messages.ts';

/**
 * Daily budgets (docs/decisions/030-daily-budgets.md): the most deliveries an ad makes in
 * one Japan-time day, optional, never above its cap. The words stay out of the main catalogue, as the
 * running ads' do: only the advertiser's pages need them (the member's refusal, adDailyBudgetReached,
 * is in messages.ts, since the click's SQL raises it by that key).
 */
export const dailyBudgetMessages = {
  invalid: '1日の配信上限数は1以上の整数で入力してください。',
  overCap: '1日の配信上限数は配信上限数以下にしてください。',
  changed: '1日の配信上限数を変更しました。',
  changeFailed: '1日の配信上限数の変更に失敗しました。',
  reachedToday: '本日の上限に到達',
} as const;

const invalid = { error: dailyBudgetMessages.invalid };
const dailyBudgetNumber = z.number(invalid).int(invalid).min(1, invalid).max(MAX_DELIVERIES_LIMIT, invalid);

/** The ad request's field: a whole number of deliveries per day, or null or absent for none. */
export const dailyBudgetShape = {
  dailyBudget: dailyBudgetNumber.nullable().optional(),
};

/** A budget above the cap (the ad could never deliver it), on the budget's field. */
export function dailyBudgetProblem(ad: { dailyBudget?: number | null; maxDeliveries: number }) {
  if (ad.dailyBudget != null && ad.dailyBudget > ad.maxDeliveries) {
    return { field: 'dailyBudget', message: dailyBudgetMessages.overCap } as const;
  }
  return null;
}

/** A zod check for an ad request: the budget not above the cap, reported on its field. */
export function dailyBudgetCheck(
  ad: { dailyBudget?: number | null; maxDeliveries: number },
  context: z.RefinementCtx,
) {
  const found = dailyBudgetProblem(ad);
  if (found) context.addIssue({ code: 'custom', message: found.message, path: [found.field] });
}

/**
 * POST /api/advertiser/ads/:adId/daily-budget: a new budget for an ad, running or not; null removes
 * it. Not above the ad's cap is checked by the server, which knows the cap.
 */
export const dailyBudgetBody = z.strictObject({ dailyBudget: dailyBudgetNumber.nullable() });
export type DailyBudgetBody = z.infer<typeof dailyBudgetBody>;

/** How the advertiser's pages read a budget: 1,000件, or なし. */
export const dailyBudgetLabel = (dailyBudget: number | null) =>
  dailyBudget === null ? 'なし' : `${formatNumber(dailyBudget)}件`;
