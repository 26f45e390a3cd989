/**
 * Every mail the product sends, subject and body, in one place. Each template returns the words;
 * `sendMail` (send-mail.ts) sends them.
 */
import { formatPoints, formatYen, periodLabel } from '@quiz-points/shared';

export interface MailContent {
  subject: string;
  text: string;
}

/** The receipt for a submitted (or resubmitted) ad, promising review within 1–2 business days. */
export function adReceiptMail({
  adTitle,
  resubmitted,
}: {
  adTitle: string;
  resubmitted: boolean;
}): MailContent {
  const what = resubmitted ? '再申請' : '申請';
  return {
    subject: `【クイズポイント】広告の${what}を受け付けました：${adTitle}`,
    text: `広告「${adTitle}」の${what}を受け付けました。\n1〜2営業日以内に審査結果をメールでお知らせします。\n\n審査の状況は広告管理画面でご確認いただけます。`,
  };
}

/** The review's outcome: delivery started, or the reason the ad was turned down. */
export function adReviewedMail({
  adTitle,
  rejectionReason,
}: {
  adTitle: string;
  rejectionReason: string | null;
}): MailContent {
  return {
    subject: `【クイズポイント】広告審査の結果：${adTitle}`,
    text:
      rejectionReason === null
        ? `広告「${adTitle}」は審査を通過し、配信を開始しました。`
        : `広告「${adTitle}」は掲載を見送らせていただきました。\n理由：${rejectionReason}\n\n広告管理画面から内容を修正して再申請できます。`,
  };
}

/** A point exchange was received; the gift code follows within 3 business days. */
export function giftRequestedMail({ label, pointsUsed }: { label: string; pointsUsed: number }): MailContent {
  return {
    subject: '【クイズポイント】ポイント交換を受け付けました',
    text: `${label}（${formatPoints(pointsUsed)}）への交換を受け付けました。\nギフトコードは3営業日以内にメールでお送りします。\n交換履歴からも状況を確認できます。`,
  };
}

/** The gift code of an issued exchange. */
export function giftIssuedMail({ giftCode }: { giftCode: string }): MailContent {
  return {
    subject: '【クイズポイント】ギフトコードのお届け',
    text: `ポイント交換のギフトコードをお送りします。\n\nギフトコード：${giftCode}\n\n交換履歴からも確認できます。`,
  };
}

/** A rejected exchange: the reason, and the points given back. */
export function giftRejectedMail({
  reason,
  pointsUsed,
}: {
  reason: string;
  pointsUsed: number;
}): MailContent {
  return {
    subject: '【クイズポイント】ポイント交換について',
    text: `申し訳ありませんが、ポイント交換の申請をお受けできませんでした。\n理由：${reason}\n\n申請に使われた${formatPoints(pointsUsed)}はお返ししました。`,
  };
}

/** The advertising materials (SPEC §5 資料請求). */
export function materialsMail({ publicUrl }: { publicUrl: string }): MailContent {
  return {
    subject: '【クイズポイント】広告掲載資料のご送付',
    text: [
      'クイズポイントの広告掲載資料をご請求いただき、ありがとうございます。',
      '',
      '■ クイズ広告とは',
      'ユーザーが貴社のページを30秒以上閲覧したあと、ページの内容に関するクイズに1問回答します。',
      '回答の正答率から、広告の内容がどれだけ伝わったかを確認できます。',
      '',
      '■ 料金',
      '1配信あたりの単価 = ユーザー報酬 + 基本料金 + ターゲティング追加料金（性別・年代それぞれ1回）',
      'お支払い総額 = 単価 × 配信上限数 × 1.1（税込、1円未満切り捨て）',
      '広告ページへの遷移1回ごとに課金され、翌月5日に月末締めでカード決済いたします。',
      '',
      '■ お申し込み',
      `${publicUrl}/advertiser からアカウントを作成し、カードを登録のうえ広告を作成してください。`,
      '審査結果は1〜2営業日以内にメールでお知らせします。',
    ].join('\n'),
  };
}

/** An advertiser's password-reset link (valid for an hour). */
export function passwordResetMail({ name, url }: { name: string; url: string }): MailContent {
  return {
    subject: '【クイズポイント】パスワード再設定のご案内',
    text: `${name} 様\n\n下記のリンクから新しいパスワードを設定してください（有効期限：1時間）。\n${url}\n\nお心当たりのない場合は、このメールを破棄してください。`,
  };
}

/** The link that confirms a new advertiser's address (valid for 24 hours). */
export function emailVerificationMail({ name, url }: { name: string; url: string }): MailContent {
  return {
    subject: '【クイズポイント】広告主アカウントのメールアドレス確認',
    text: `${name} 様\n\nクイズポイント広告主アカウントへのご登録ありがとうございます。\n下記のリンクを開いて、メールアドレスの確認を完了してください（有効期限：24時間）。\n${url}\n\nお心当たりのない場合は、このメールを破棄してください。`,
  };
}

/** An invoice's card charge failed: deliveries are paused until a new card pays it. */
export function chargeFailedMail({
  adTitle,
  period,
  total,
  publicUrl,
}: {
  adTitle: string;
  period: string;
  total: number;
  publicUrl: string;
}): MailContent {
  return {
    subject: '【クイズポイント】広告配信料のお支払いができませんでした',
    text: [
      `${periodLabel(period)}分の広告「${adTitle}」の配信料 ${formatYen(total)}（税込）を、ご登録のカードで決済できませんでした。`,
      'お支払いが確認できるまで、すべての広告の配信を一時停止しています。',
      '',
      '下記のページから新しいカードを登録してください。登録後にあらためて決済し、完了すると配信を再開します。',
      `${publicUrl}/advertiser/card-setup`,
    ].join('\n'),
  };
}
