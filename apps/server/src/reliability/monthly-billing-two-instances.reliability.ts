import { and, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { adDeliveries, advertiserBilling, devPaymentCharges, invoices, users } from '../db/schema.ts';
import { runMonthlyBilling } from '../domain/billing/run-monthly-billing.ts';
import { createCapturedMailer } from '../services/mail/captured-mailer.ts';
import { createPaymentProvider } from '../services/payments/create-payment-provider.ts';
import { createAd, signedUpUser } from '../test/factories.ts';
import { useCluster } from './support/use-cluster.ts';

const silentLog = { info() {}, warn() {}, error() {} };

/** The monthly billing job is not an HTTP endpoint: two database pools stand for two instances. */
describe('monthly billing on two instances at once', () => {
  const cluster = useCluster({ checkInvariants: true });

  it('bills each ad once when the monthly run starts 20 times at once on two instances', async () => {
    const advertiser = `billed-${Date.now()}@example.com`;
    await cluster.database.db.insert(users).values({
      id: advertiser,
      email: advertiser,
      emailHash: advertiser,
      role: 'advertiser',
      displayName: '請求社',
    });
    await cluster.database.db.insert(advertiserBilling).values({
      userId: advertiser,
      providerCustomerId: 'cus_rel',
      paymentMethodId: 'pm_rel',
      registeredAt: new Date(),
    });
    const billedAds = await Promise.all(
      [0, 1, 2].map(() => createAd(cluster.database.db, { advertiserId: advertiser, unitPrice: 100 })),
    );
    const viewers = await Promise.all(Array.from({ length: 4 }, () => signedUpUser(cluster)));
    for (const ad of billedAds) {
      for (const viewer of viewers)
        expect((await viewer.client.json('POST', `/api/ads/${ad.id}/click`)).status).toBe(200);
    }
    // The deliveries happened last month (Japan time): the run on the 5th bills them.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
    await cluster.database.db
      .update(adDeliveries)
      .set({ deliveredAt: lastMonth })
      .where(
        inArray(
          adDeliveries.adId,
          billedAds.map((ad) => ad.id),
        ),
      );

    // Two database pools stand for two instances running the job at the same moment.
    const second = await openPostgres(cluster.postgres.url, 10);
    try {
      const handles = [cluster.database, second];
      const runs = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const db = handles[i % 2]!.db;
          return runMonthlyBilling({
            db,
            payments: createPaymentProvider(cluster.config, db),
            mailer: createCapturedMailer(db),
            log: silentLog,
            registrationNumber: cluster.config.invoiceRegistrationNumber,
            publicUrl: cluster.config.publicUrl,
            issuerName: cluster.config.invoiceIssuerName,
            now,
          });
        }),
      );
      expect(runs.reduce((sum, run) => sum + run.invoices, 0)).toBe(billedAds.length);
    } finally {
      await second.close();
    }
    const billed = await cluster.database.db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.adId,
          billedAds.map((ad) => ad.id),
        ),
      );
    expect(billed).toHaveLength(billedAds.length);
    expect(billed.every((invoice) => invoice.deliveries === viewers.length)).toBe(true);
    const charges = await cluster.database.db
      .select()
      .from(devPaymentCharges)
      .where(
        inArray(
          devPaymentCharges.idempotencyKey,
          billed.map((invoice) => invoice.id),
        ),
      );
    expect(charges).toHaveLength(billed.filter((invoice) => invoice.status === 'charged').length);
    expect(
      await cluster.database.db
        .select({ id: adDeliveries.id })
        .from(adDeliveries)
        .where(
          and(
            inArray(
              adDeliveries.adId,
              billedAds.map((ad) => ad.id),
            ),
            sql`${adDeliveries.invoiceId} is null`,
          ),
        ),
    ).toEqual([]);
  });
});
