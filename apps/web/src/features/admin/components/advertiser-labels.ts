/** The advertiser list's own words, kept in the admin feature; the codes' words are shared (code-labels.ts). */
export const advertiserText = {
  suspended: '広告主を利用停止にしました。すべての広告の配信を止め、ログイン中のセッションを終了しました。',
  reinstated: '広告主の利用停止を解除しました。ほかに止める理由のない広告は配信を再開します。',
  unchanged: 'すでにその状態になっています。変更はありません。',
  searchEmpty: '該当する広告主はいません。',
} as const;
