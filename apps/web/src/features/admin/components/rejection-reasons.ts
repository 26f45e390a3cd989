/**
 * Common reasons for rejecting an ad in review. Picking one fills the reason field, which
 * stays editable; the reason mailed to the advertiser is whatever the field holds when sent. Fixed
 * here rather than a setting: they change with the review guidelines, which ship with the code.
 */
export const rejectionReasonTemplates = [
  '広告ページにアクセスできません。URLが正しいか、ページが公開されているかをご確認ください。',
  'クイズの答えが広告ページにありません。広告ページを読めば答えがわかるクイズにしてください。',
  '表現が不適切です。誇大な表現や誤解を招く表現、公序良俗に反する表現を修正してください。',
  'クイズの正解がひとつに決まりません。選択肢を見直してください。',
  '広告タイトルや広告主名が、広告ページの内容と一致しません。',
  '掲載基準に合わない商品・サービスのため、掲載できません。',
] as const;
