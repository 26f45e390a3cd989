import type { AdminAdvertiserAd, InvoiceStatus } from '@quiz-points/shared';

type AdHold = AdminAdvertiserAd['holds'][number];

/** The advertiser list's own words (issue 17), kept in the admin feature. */
export const advertiserText = {
  suspended: '広告主を利用停止にしました。すべての広告の配信を止め、ログイン中のセッションを終了しました。',
  reinstated: '広告主の利用停止を解除しました。ほかに止める理由のない広告は配信を再開します。',
  unchanged: 'すでにその状態になっています。変更はありません。',
  searchEmpty: '該当する広告主はいません。',
} as const;

const holdLabels: Record<AdHold, string> = {
  paused: '広告主が一時停止',
  billing: '支払い失敗',
  suspended: '利用停止',
};

/** An ad's state as the admin reads it: review, delivery, or what holds it back. */
export function adStateLabel(ad: Pick<AdminAdvertiserAd, 'status' | 'isActive' | 'holds'>): string {
  if (ad.status === 'draft') return '下書き';
  if (ad.status === 'pending') return '審査中';
  if (ad.status === 'rejected') return '却下';
  if (!ad.isActive) return '配信終了';
  if (ad.holds.length > 0) return `停止中（${ad.holds.map((hold) => holdLabels[hold]).join('・')}）`;
  return '配信中';
}

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  charging: '決済処理中',
  charged: '決済済み',
  carried_over: '翌月へ繰越（50円未満）',
  failed: '決済失敗',
  no_charge: '請求なし',
};
