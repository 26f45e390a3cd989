import { randomUUID } from 'node:crypto';
import { japanIsoDate } from '@quiz-points/shared';
import { eq, like } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adDeliveries,
  advertiserBilling,
  authVerifications,
  invoices,
  pageViews,
  siteDayFigures,
  users,
} from '../../db/schema.ts';
import { SITE_FIGURES_ROLLUP } from '../../domain/analytics/site-figures-rollup.ts';
import { lastClosedDay, rolledThrough } from '../../domain/figures/closed-days.ts';
import { startBackgroundJobs } from '../../jobs.ts';
import { createAd } from '../../test/factories.ts';
import { testConfig } from '../../test/test-app.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/test-database.ts';
import { createCapturedMailer } from '../mail/captured-mailer.ts';
import { createPaymentProvider } from '../payments/create-payment-provider.ts';

const jst = (local: string) => new Date(`${local}+09:00`);
const silentLog = Fastify({ logger: false }).log;

async function billableAd(database: TestDatabase, deliveredAt: Date) {
  const db = database.db;
  const owner = randomUUID();
  await db
    .insert(users)
    .values({ id: owner, email: `${owner}@example.com`, emailHash: owner, role: 'advertiser' });
  await db
    .insert(advertiserBilling)
    .values({ userId: owner, providerCustomerId: `cus_${owner}`, paymentMethodId: `pm_${owner}` });
  const ad = await createAd(db, { advertiserId: owner, unitPrice: 100 });
  const viewer = randomUUID();
  await db.insert(users).values({ id: viewer, email: `${viewer}@example.com`, emailHash: viewer });
  await db.insert(adDeliveries).values({ adId: ad.id, userId: viewer, unitPrice: 100, deliveredAt });
  return ad.id;
}

async function waitForInvoice(database: TestDatabase, adId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await database.db.select().from(invoices).where(eq(invoices.adId, adId));
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(databaseKinds())('background jobs on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const start = (now: Date) => {
    const config = testConfig(database.url ? { DATABASE_URL: database.url } : {});
    return startBackgroundJobs({
      config,
      database,
      payments: createPaymentProvider(config, database.db),
      mailer: createCapturedMailer(database.db),
      log: silentLog,
      now: () => now,
    });
  };

  it('does not bill last month before the 5th (Japan time)', async () => {
    const adId = await billableAd(database, jst('2026-10-20T12:00:00'));
    const jobs = await start(jst('2026-11-04T23:59:00'));
    const rows = await waitForInvoice(database, adId, 1500);
    await jobs.stop();
    expect(rows).toEqual([]);
  });

  it('catches up at start-up from the 5th, and stops after the job in flight', async () => {
    const adId = await billableAd(database, jst('2026-10-21T12:00:00'));
    const jobs = await start(jst('2026-11-05T00:00:00'));
    await waitForInvoice(database, adId, 20_000);
    await jobs.stop();
    // Read after stop: the invoice is written before it is charged, and stop waits for the charge.
    const rows = await database.db.select().from(invoices).where(eq(invoices.adId, adId));
    expect(rows).toMatchObject([{ period: '202610', total: 110, status: 'charged' }]);
  });

  it('prunes expired rows when it starts, keeping live ones', async () => {
    const now = new Date();
    const expiresAt = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    await database.db.insert(authVerifications).values([
      { id: 'jobs-expired', identifier: 'state', value: 'x', expiresAt: expiresAt(-1) },
      { id: 'jobs-live', identifier: 'state', value: 'x', expiresAt: expiresAt(1) },
    ]);
    const jobs = await start(now);
    const deadline = Date.now() + 20_000;
    const remaining = () =>
      database.db
        .select({ id: authVerifications.id })
        .from(authVerifications)
        .where(like(authVerifications.id, 'jobs-%'));
    while ((await remaining()).length > 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await jobs.stop();
    expect(await remaining()).toEqual([{ id: 'jobs-live' }]);
  });

  it("rolls up the operator's figures when it starts", async () => {
    // Days after those the other tests' runs closed: a page view, and a start-up two days later.
    const viewedAt = new Date(Date.now() + 86_400_000);
    const now = new Date(viewedAt.getTime() + 2 * 86_400_000);
    await database.db.insert(pageViews).values({ path: '/jobs', userId: null, viewedAt });
    const jobs = await start(now);
    const deadline = Date.now() + 20_000;
    while (
      (await rolledThrough(database.db, SITE_FIGURES_ROLLUP)) !== lastClosedDay(now) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await jobs.stop();
    expect(await rolledThrough(database.db, SITE_FIGURES_ROLLUP)).toBe(lastClosedDay(now));
    const [day] = await database.db
      .select({ pageViews: siteDayFigures.pageViews })
      .from(siteDayFigures)
      .where(eq(siteDayFigures.day, japanIsoDate(viewedAt)));
    expect(day?.pageViews).toBe(1);
  });
});
