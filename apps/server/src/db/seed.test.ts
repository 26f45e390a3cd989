import { japanDateKey } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app.ts';
import { createTestDatabase, databaseKinds } from '../test/test-database.ts';
import { closedAfterEach } from '../test/use-test-app.ts';
import { ads, advertiserBilling, dailyQuizzes, pricingConfig, quizAnswers, users } from './schema.ts';
import { seedIfEmpty, TEST_ADVERTISER_EMAIL } from './seed.ts';

describe.each(databaseKinds())('seedIfEmpty on %s', (kind) => {
  const closing = closedAfterEach();

  it('fills an empty database with the demo data, once', async () => {
    const database = closing(await createTestDatabase(kind));
    const config = testConfig();
    // 23:30 on 21 November UTC is already 22 November in Japan.
    const now = new Date('2026-11-21T23:30:00Z');
    expect(await seedIfEmpty(database.db, config, now)).toBe(true);
    expect(await seedIfEmpty(database.db, config, now)).toBe(false);

    const approved = await database.db.select().from(ads).where(eq(ads.status, 'approved'));
    expect(approved).toHaveLength(3);
    expect(
      approved.every((ad) => ad.isActive && ad.adUrl.startsWith(`${config.publicUrl}/sample-ads/`)),
    ).toBe(true);
    expect(await database.db.select().from(quizAnswers)).toHaveLength(3);

    const [quiz] = await database.db.select().from(dailyQuizzes);
    expect(quiz?.publishDate).toBe('20261122');
    expect(japanDateKey(now)).toBe('20261122');

    const [advertiser] = await database.db.select().from(users).where(eq(users.email, TEST_ADVERTISER_EMAIL));
    expect(advertiser).toMatchObject({ role: 'advertiser', cardRegistered: true });
    expect(await database.db.select().from(advertiserBilling)).toHaveLength(1);
    const [admin] = await database.db.select().from(users).where(eq(users.email, config.adminEmail));
    expect(admin).toBeDefined();
    expect(await database.db.select().from(pricingConfig)).toHaveLength(1);
  });

  it('seeds once when several instances start at the same moment', async () => {
    const database = closing(await createTestDatabase(kind));
    const config = testConfig();
    const db = database.db;
    const results = await Promise.all(Array.from({ length: 5 }, () => seedIfEmpty(db, config)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(ads)).toHaveLength(3);
  });
});
