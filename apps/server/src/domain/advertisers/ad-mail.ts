import type { Mailer } from '../../services/mail/mailer.ts';
import type { Logger } from '../logger.ts';

/** The receipt for a submitted (or resubmitted) ad, promising review within 1–2 business days. */
export async function mailAdReceipt(options: {
  mailer: Mailer;
  log: Logger;
  to: string;
  adTitle: string;
  resubmitted: boolean;
}) {
  const what = options.resubmitted ? '再申請' : '申請';
  try {
    await options.mailer.send({
      to: options.to,
      subject: `【クイズポイント】広告の${what}を受け付けました：${options.adTitle}`,
      text: `広告「${options.adTitle}」の${what}を受け付けました。\n1〜2営業日以内に審査結果をメールでお知らせします。\n\n審査の状況は広告管理画面でご確認いただけます。`,
    });
    return true;
  } catch (error) {
    options.log.warn({ err: error }, 'ad receipt mail failed');
    return false;
  }
}
