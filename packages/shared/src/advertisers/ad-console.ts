import { z } from 'zod';
import '../core/zod-config.ts';
import type { AdStatus } from '../core/constants.ts';
import { formatNumber } from '../core/messages.ts';
import { wellFormedString } from '../core/well-formed-string.ts';
import { consumptionTax, totalWithTax } from './advertisers.ts';
import { type AdHold, type AdSchedule, schedulePhase, scheduleToday } from './running-ads.ts';

/** How many ads one page of the table holds. */
export const ADVERTISER_ADS_PAGE_SIZE = 50;
/** The longest search text: as long as a title may be. */
export const AD_SEARCH_MAX_LENGTH = 50;
/** The most ads one bulk action takes: two pages of the table. */
export const MAX_BULK_ADS = 100;

/**
 * The advertiser's ads table and the confirmations of what an action commits. The words
 * stay out of the main catalogue (messages.ts), which every first page downloads: only the
 * advertiser's pages and the server need them.
 */
export const adConsoleMessages = {
  searchInvalid: `検索する広告タイトルは1〜${AD_SEARCH_MAX_LENGTH}文字で入力してください。`,
  statusInvalid: '絞り込むステータスの指定が正しくありません。',
  sortInvalid: '並び替えの指定が正しくありません。',
  orderInvalid: '並び順の指定が正しくありません。',
  pageInvalid: 'ページの指定が正しくありません。',
  bulkActionInvalid: 'まとめて行う操作の指定が正しくありません。',
  bulkNoneChosen: '広告を1件以上選んでください。',
  bulkTooMany: `一度にまとめて操作できるのは${MAX_BULK_ADS}件までです。`,
  bulkNotApproved: '承認済みの広告のみ一時停止・再開できます。選んだ広告を確認してください。',
  bulkFailed: 'まとめて操作できませんでした。時間をおいて再度お試しください。',
  listEmpty: 'まだ広告はありません。「新しい広告を作成」から申し込めます。',
  listNoMatch: '条件に合う広告はありません。検索語やステータスを変えてお試しください。',
} as const;

/** `3件の広告を一時停止しました。` — and how many were so already. */
export function bulkDoneMessage(action: AdBulkAction, changed: number, unchanged: number) {
  const done = action === 'pause' ? '一時停止しました' : '再開しました';
  const already = action === 'pause' ? 'すでに一時停止中' : 'すでに配信中';
  const rest = unchanged > 0 ? `（${formatNumber(unchanged)}件は${already}でした）` : '';
  return `${formatNumber(changed)}件の広告を${done}。${rest}`;
}

/**
 * Where an ad stands, as the ads table shows, filters and sorts it: its review (a draft, pending,
 * rejected) and, once approved, its delivery — stopped (ended by its advertiser or at its cap), paused
 * by its advertiser, held for another reason (a failed payment, a suspension), before or after its
 * window, or delivering. In the table's status order. One SQL expression decides it
 * (apps/server/src/domain/advertisers/list-advertiser-ads.ts), as adStateOf reads an ad's fields.
 */
export const adListStates = [
  'delivering',
  'scheduled',
  'paused',
  'held',
  'pending',
  'rejected',
  'draft',
  'expired',
  'stopped',
] as const;
export type AdListState = (typeof adListStates)[number];

/**
 * Where an ad stands (adListStates) read from its fields, as the SQL expression reads its row (the ads
 * table's rows are checked to agree): its review until approved; then stopped, paused, held, before or
 * after its window (Japan-time `today`), or delivering.
 */
export function adStateOf(
  ad: AdSchedule & { status: AdStatus; isActive: boolean; holds: readonly AdHold[] },
  today = scheduleToday(),
): AdListState {
  if (ad.status !== 'approved') return ad.status;
  if (!ad.isActive) return 'stopped';
  if (ad.holds.includes('paused')) return 'paused';
  if (ad.holds.length > 0) return 'held';
  const phase = schedulePhase(ad, today);
  return phase === 'before' ? 'scheduled' : phase === 'after' ? 'expired' : 'delivering';
}

/** The columns the table sorts by. */
export const adListSorts = [
  'created',
  'title',
  'status',
  'spend',
  'deliveries',
  'answers',
  'correctRate',
  'window',
] as const;
export type AdListSort = (typeof adListSorts)[number];
export type SortOrder = 'asc' | 'desc';

/** The highest page a request may ask for (50 ads each: half a million ads). */
const MAX_PAGE = 9999;

/**
 * GET /api/advertiser/ads: a title search (a part of it, any case), one status, a column to sort by
 * and its order, and the page (from 1). Left out: every ad, newest first, the first page.
 */
export const advertiserAdsQuery = z.strictObject({
  q: wellFormedString({ error: adConsoleMessages.searchInvalid })
    .trim()
    .min(1, { error: adConsoleMessages.searchInvalid })
    .max(AD_SEARCH_MAX_LENGTH, { error: adConsoleMessages.searchInvalid })
    .optional(),
  status: z.enum(adListStates, { error: adConsoleMessages.statusInvalid }).optional(),
  sort: z.enum(adListSorts, { error: adConsoleMessages.sortInvalid }).optional(),
  order: z.enum(['asc', 'desc'], { error: adConsoleMessages.orderInvalid }).optional(),
  page: z
    .string({ error: adConsoleMessages.pageInvalid })
    .regex(/^[1-9][0-9]{0,3}$/, { error: adConsoleMessages.pageInvalid })
    .transform(Number)
    .refine((page) => page <= MAX_PAGE, { error: adConsoleMessages.pageInvalid })
    .optional(),
});
export type AdvertiserAdsQuery = z.input<typeof advertiserAdsQuery>;
export type AdvertiserAdsParsedQuery = z.output<typeof advertiserAdsQuery>;

/** The order a column sorts in when it is first chosen: figures and dates biggest first, words A to Z. */
export const firstOrderOf = (sort: AdListSort): SortOrder =>
  sort === 'title' || sort === 'status' || sort === 'window' ? 'asc' : 'desc';

/** What the table does to several ads at once. */
export const adBulkActions = ['pause', 'resume'] as const;
export type AdBulkAction = (typeof adBulkActions)[number];

/** POST /api/advertiser/ads/bulk: pause or resume the chosen ads, all or none. */
export const bulkAdsBody = z.strictObject({
  action: z.enum(adBulkActions, { error: adConsoleMessages.bulkActionInvalid }),
  adIds: z
    .array(z.uuid({ error: adConsoleMessages.bulkNoneChosen }), { error: adConsoleMessages.bulkNoneChosen })
    .min(1, { error: adConsoleMessages.bulkNoneChosen })
    .max(MAX_BULK_ADS, { error: adConsoleMessages.bulkTooMany }),
});
export type BulkAdsBody = z.input<typeof bulkAdsBody>;

// What an action commits, in yen, by SPEC §9's rules (perDeliveryCost, totalWithTax): the
// confirmations show these before the second click.

/** An ad's cap, price and what it has delivered so far. */
export interface CappedAd {
  unitPrice: number;
  maxDeliveries: number;
  deliveryCount: number;
}

/**
 * A new cap: the price per delivery, the new maximum total with tax (SPEC §9: floor(price × cap ×
 * 1.1)), and how much it adds to the current one's.
 */
export function limitCommitment(ad: CappedAd, newMaxDeliveries: number) {
  const newMaxTotal = totalWithTax(ad.unitPrice, newMaxDeliveries);
  return {
    perDelivery: ad.unitPrice,
    newMaxTotal,
    addedDeliveries: newMaxDeliveries - ad.maxDeliveries,
    addedTotal: newMaxTotal - totalWithTax(ad.unitPrice, ad.maxDeliveries),
  };
}

/** What an ad may still cost once it delivers again: the deliveries left under its cap, with tax. */
export function remainingCommitment(ad: CappedAd) {
  const remaining = Math.max(0, ad.maxDeliveries - ad.deliveryCount);
  return { perDelivery: ad.unitPrice, remaining, maxTotal: totalWithTax(ad.unitPrice, remaining) };
}

/** Several ads resumed at once: the deliveries left and what they may cost at most, with tax. */
export function resumeCommitment(ads: readonly CappedAd[]) {
  return ads
    .map(remainingCommitment)
    .reduce(
      (sum, ad) => ({ remaining: sum.remaining + ad.remaining, maxTotal: sum.maxTotal + ad.maxTotal }),
      { remaining: 0, maxTotal: 0 },
    );
}

/** What an ad has cost so far: before tax, and with the 10 % tax an invoice would add. */
export function spentSoFar(spend: number) {
  return { amount: spend, total: spend + consumptionTax(spend) };
}
