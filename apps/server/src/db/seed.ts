import { japanDateKey } from '@quiz-points/shared';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database, Executor } from './client.ts';
import { hashEmail } from './email-hash.ts';
import {
  ads,
  advertiserBilling,
  appSettings,
  authAccounts,
  dailyQuizzes,
  pricingConfig,
  quizAnswers,
  users,
} from './schema.ts';
import { defaultPricing, defaultSettings } from './seed-defaults.ts';

export const TEST_ADVERTISER_EMAIL = 'advertiser@quiz-points.example';
/** The demo advertiser's password (README); the seed runs only outside production. */
export const TEST_ADVERTISER_PASSWORD = 'advertiser-demo-1234';

const sampleAds = [
  {
    slug: 'midori-bank',
    adProvider: 'みどり銀行',
    adTitle: 'みどり銀行 つみたて口座｜毎月1,000円から',
    quizQuestion: 'みどり銀行のつみたて口座は、毎月いくらから積み立てできるでしょう？',
    quizOptions: ['100円', '1,000円', '10,000円'],
    correctOptionIndex: 2,
    userReward: 12,
  },
  {
    slug: 'harema-coffee',
    adProvider: 'はれま珈琲',
    adTitle: 'はれま珈琲 秋限定ブレンド',
    quizQuestion: 'はれま珈琲の秋限定ブレンドに使われている豆の産地はどこでしょう？',
    quizOptions: ['ブラジル', 'コロンビア', 'エチオピア', 'ケニア'],
    correctOptionIndex: 3,
    userReward: 10,
  },
  {
    slug: 'kotonoha-english',
    adProvider: 'ことのは英会話',
    adTitle: 'ことのは英会話 無料体験受付中',
    quizQuestion: 'ことのは英会話のレッスン1回の時間は何分でしょう？',
    quizOptions: ['15分', '25分', '40分', '50分', '60分'],
    correctOptionIndex: 2,
    userReward: 8,
  },
];

async function seedReferenceData(db: Executor) {
  await db.insert(pricingConfig).values(defaultPricing).onConflictDoNothing();
  await db
    .insert(appSettings)
    .values(Object.entries(defaultSettings).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}

/**
 * Fills an empty embedded database with demo data: settings, a test advertiser with a registered
 * card, the admin, three approved ads (pages served by the app) and today's daily quiz.
 * Never called for a production database.
 */
export async function seedIfEmpty(db: Database, config: Config, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two instances starting at once on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7340022)`);
    await seedReferenceData(tx);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return false;

    await tx.insert(users).values([
      {
        id: 'seed-admin',
        name: '運営管理者',
        email: config.adminEmail,
        emailVerified: true,
        emailHash: hashEmail(config.adminEmail),
        referralCode: 'ADMIN001',
      },
      {
        id: 'seed-advertiser',
        name: 'テスト広告主',
        email: TEST_ADVERTISER_EMAIL,
        emailVerified: true,
        emailHash: hashEmail(TEST_ADVERTISER_EMAIL),
        role: 'advertiser',
        displayName: 'テスト広告主株式会社',
        cardRegistered: true,
      },
    ]);
    await tx.insert(authAccounts).values({
      id: 'seed-advertiser-credential',
      accountId: 'seed-advertiser',
      providerId: 'credential',
      userId: 'seed-advertiser',
      password: await hashPassword(TEST_ADVERTISER_PASSWORD),
    });
    await tx.insert(advertiserBilling).values({
      userId: 'seed-advertiser',
      providerCustomerId: 'cus_local_seed',
      paymentMethodId: 'pm_local_seed',
      cardBrand: 'visa',
      cardLast4: '4242',
      registeredAt: now,
    });

    const { baseFee } = defaultPricing;
    for (const [index, ad] of sampleAds.entries()) {
      const [row] = await tx
        .insert(ads)
        .values({
          advertiserId: 'seed-advertiser',
          adProvider: ad.adProvider,
          adUrl: `${config.publicUrl}/sample-ads/${ad.slug}`,
          adTitle: ad.adTitle,
          quizQuestion: ad.quizQuestion,
          quizOptions: ad.quizOptions,
          userReward: ad.userReward,
          baseFee,
          extraTargetingFee: 0,
          unitPrice: ad.userReward + baseFee,
          maxDeliveries: 1000,
          status: 'approved',
          isActive: true,
          // Distinct creation times keep the list order stable.
          createdAt: new Date(now.getTime() - (index + 1) * 60_000),
        })
        .returning({ id: ads.id });
      await tx.insert(quizAnswers).values({
        adId: row!.id,
        correctOptionIndex: ad.correctOptionIndex,
        uid: 'seed-advertiser',
      });
    }

    await tx.insert(dailyQuizzes).values({
      publishDate: japanDateKey(now),
      quizQuestion: '日本で一番高い山はどれでしょう？',
      quizOptions: ['北岳', '富士山', '奥穂高岳'],
      correctOptionIndex: 2,
      explanation: '富士山の標高は3,776mで、日本で最も高い山です。2位は北岳（3,193m）です。',
    });
    return true;
  });
}
