import type { AdHold } from '../advertisers/running-ads.ts';
import type { ChildrenTarget } from '../advertisers/targeting.ts';
import type {
  AdStatus,
  AgeBand,
  Gender,
  GiftCodeStatus,
  GiftStatus,
  InvoiceStatus,
  LedgerReason,
  Role,
} from './constants.ts';
import { messages } from './messages.ts';
import type { MaritalStatus } from './profile-options.ts';

// Every code the database stores, in the words people read: the operator's console, the
// advertiser's pages and the member's profile show these, never `female` or `daily_quiz`. A module of
// its own, outside the catalogue every first page downloads: only the pages that show codes load it.

export const genderLabels: Record<Gender, string> = { male: '男性', female: '女性', other: 'その他' };

/** SPEC §9 age groups: 10s (under 20), 20s … 60s and over. */
export const ageBandLabels: Record<AgeBand, string> = {
  '10s': '10代',
  '20s': '20代',
  '30s': '30代',
  '40s': '40代',
  '50s': '50代',
  '60s': '60代以上',
};

/** Marital status as the member's profile words it. */
export const maritalStatusLabels: Record<MaritalStatus, string> = {
  single: '未婚',
  married: '既婚',
  divorced: '離別・死別',
};

export const childrenLabels: Record<ChildrenTarget, string> = { with: '子どもあり', without: '子どもなし' };

/** Whether a member has children, as the profile stores it (null: not said). */
export const hasChildrenLabel = (hasChildren: boolean | null) =>
  hasChildren === null ? '未設定' : hasChildren ? 'あり' : 'なし';

export const roleLabels: Record<Role, string> = { user: '会員', advertiser: '広告主' };

/** Why points moved, as the operator reads a ledger entry's kind (the memo says the detail). */
export const ledgerReasonLabels: Record<LedgerReason, string> = {
  signup_bonus: '会員登録ボーナス',
  referral_friend: '友達紹介（紹介された特典）',
  referral_referrer: '友達紹介（紹介した特典）',
  ad_quiz: '広告クイズ',
  gacha: 'デイリーガチャ',
  daily_quiz: 'デイリークイズ',
  gift_request: 'ポイント交換',
  gift_refund: 'ポイント交換の取り消し（返還）',
  withdrawal_forfeit: '退会による失効',
  admin_adjustment: '運営による調整',
};

/** SPEC §4 Gift request status: 申請中 → 発行済み or 却下. */
export const giftStatusLabels: Record<GiftStatus, string> = {
  pending: messages.giftStatusPending,
  issued: messages.giftStatusIssued,
  rejected: messages.giftStatusRejected,
};

export const giftCodeStatusLabels: Record<GiftCodeStatus, string> = {
  available: '在庫',
  issued: '発行済み',
  withdrawn: '取り下げ済み',
};

/** SPEC §4 Ad status, as the review stage (delivery and holds are said apart: adHoldLabels). */
export const adStatusLabels: Record<AdStatus, string> = {
  draft: '下書き',
  pending: '審査中',
  approved: '承認済み',
  rejected: '却下',
};

/** What holds an approved ad back from delivery. */
export const adHoldLabels: Record<AdHold, string> = {
  paused: '広告主が一時停止',
  billing: '支払い失敗',
  suspended: '利用停止',
};

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  charging: '決済処理中',
  charged: '決済済み',
  carried_over: '翌月へ繰越（50円未満）',
  failed: '決済失敗',
  no_charge: '請求なし',
};

/**
 * An ad's state in one phrase: its review stage, and for an approved ad whether it delivers, has
 * ended, or what holds it back.
 */
export function adStateLabel(ad: { status: AdStatus; isActive: boolean; holds: readonly AdHold[] }): string {
  if (ad.status !== 'approved') return adStatusLabels[ad.status];
  if (!ad.isActive) return '配信終了';
  if (ad.holds.length > 0) return `停止中（${ad.holds.map((hold) => adHoldLabels[hold]).join('・')}）`;
  return '配信中';
}
