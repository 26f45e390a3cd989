import { messages } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { materialRequests } from '../../db/schema.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import { DomainError } from '../domain-error.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';

export interface RequestMaterialsOptions {
  db: Database;
  mailer: Mailer;
  email: string;
  ip: string;
  publicUrl: string;
}

/** Records an advertiser's materials request (one row per e-mail) and mails the materials. */
export async function requestMaterials({ db, mailer, email, ip, publicUrl }: RequestMaterialsOptions) {
  const address = email.toLowerCase();
  await consumeRateLimit(db, { key: `materials:ip:${ip}`, limit: 10, windowSeconds: 3600 });
  await consumeRateLimit(db, { key: `materials:email:${address}`, limit: 3, windowSeconds: 3600 });
  await db
    .insert(materialRequests)
    .values({ email: address })
    .onConflictDoUpdate({
      target: materialRequests.email,
      set: { requestedAt: sql`now()`, requestCount: sql`${materialRequests.requestCount} + 1` },
    });
  try {
    await mailer.send({
      to: address,
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
    });
  } catch {
    throw new DomainError('MATERIAL_REQUEST_FAILED', messages.materialRequestFailed);
  }
}
