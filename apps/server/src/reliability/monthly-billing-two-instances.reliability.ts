import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { adDeliveries, advertiserBilling, devPaymentCharges, invoices, users } from '../db/schema.ts';
import { runMonthlyBilling } from '../domain/billing/run-monthly-billing.ts';
import { createCapturedMailer } from '../services/mail/captured-mailer.ts';
import { createPaymentProvider } from '../services/payments/create-payment-provider.ts';
import { createAd, createAds, signedUpUser } from '../test/factories.ts';
import { triggerOnInvoiceAmounts } from '../test/invoice-amounts-trigger.ts';
import { restartServer, stopServer } from './support/cluster.ts';
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
    // Every delivery lies in its ad's invoice's stretch of time (the invariants check the sums too).
    const unbilled = await queryRows<{ n: number }>(
      cluster.database.db,
      sql`select count(*)::int as n from ad_deliveries d
          where d.ad_id in (${sql.join(
            billedAds.map((ad) => sql`${ad.id}::uuid`),
            sql`, `,
          )}) and not exists (select 1 from invoices i where i.ad_id = d.ad_id
                              and d.delivered_at >= i.billed_from and d.delivered_at < i.billed_until)`,
    );
    expect(unbilled).toEqual([{ n: 0 }]);
  });
});

/**
 * A server process killed (SIGKILL) in the middle of the monthly run, inside a batch: the batches
 * that committed stay, the one in flight is undone whole, and the runs after the restart (on both
 * instances at once) bill every ad exactly once and charge each invoice once.
 */
describe('monthly billing when an instance is killed in the middle of the run', () => {
  const cluster = useCluster({ checkInvariants: true });

  it('bills each of 450 ads once after a crash between batches and two runs at once', async () => {
    const db = cluster.database.db;
    const advertiser = `killed-run-${Date.now()}@example.com`;
    await db.insert(users).values({
      id: advertiser,
      email: advertiser,
      emailHash: advertiser,
      role: 'advertiser',
      displayName: '請求社',
    });
    await db.insert(advertiserBilling).values({
      userId: advertiser,
      providerCustomerId: 'cus_killed',
      paymentMethodId: 'pm_killed',
      registeredAt: new Date(),
    });
    // More ads than one batch (create-monthly-invoices.ts: 200 per transaction), three clicks each
    // last month (Japan time), with their response rows and the slots' room as the click leaves them.
    const billedAds = await createAds(db, 450, () => ({ advertiserId: advertiser, unitPrice: 100 }));
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
    const ids = sql.join(
      billedAds.map((ad) => sql`${ad.id}::uuid`),
      sql`, `,
    );
    await db.execute(sql`
      insert into users (id, email, email_hash)
      select 'killed-run-viewer-' || g, 'killed-run-viewer-' || g || '@example.com', 'killed-run-viewer-' || g
      from generate_series(1, 3) g`);
    await db.execute(sql`
      insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at)
      select a.id, 'killed-run-viewer-' || g, a.unit_price, ${lastMonth.toISOString()}::timestamptz
      from ads a cross join generate_series(1, 3) g where a.id in (${ids})`);
    await db.execute(sql`
      insert into quiz_responses (user_id, email_hash, ad_id, clicked_at)
      select d.user_id, d.user_id, d.ad_id, d.delivered_at from ad_deliveries d where d.ad_id in (${ids})`);
    await db.execute(sql`select qp_spread_ad_room(id, max_deliveries) from ads where id in (${ids})`);

    // The second batch's amounts of one ad sleep, so the kill comes inside that batch.
    const sortedIds = billedAds.map((ad) => ad.id).sort();
    const dropTrigger = await triggerOnInvoiceAmounts(db, sortedIds[300]!, 'perform pg_sleep(6)');
    const cutOff = fetch(`${cluster.servers[0]!.url}/dev/payments/run-monthly-billing`, {
      method: 'POST',
    }).then(
      (response) => response.status,
      () => 'cut off',
    );
    // Killed once the first batch committed and the second sleeps inside its transaction.
    let caught = false;
    for (let i = 0; i < 400 && !caught; i++) {
      const [state] = await queryRows<{ sleeping: boolean; invoiced: number }>(
        db,
        sql`select exists (select 1 from pg_stat_activity
                           where wait_event = 'PgSleep' and datname = current_database()) as sleeping,
                   (select count(*) from invoices where ad_id in (${ids}))::int as invoiced`,
      );
      caught = state!.sleeping && state!.invoiced >= 200;
      if (!caught) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(caught).toBe(true);
    await stopServer(cluster.servers[0]!, 'SIGKILL');
    expect(await cutOff).toBe('cut off');
    // Dropping the trigger waits for the dead instance's transaction to end: it is rolled back.
    await dropTrigger();
    const billedBeforeRestart = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(inArray(invoices.adId, sortedIds));
    expect(billedBeforeRestart.length).toBeGreaterThan(0);
    expect(billedBeforeRestart.length).toBeLessThan(450);
    expect(billedBeforeRestart.length % 50).toBe(0);

    await restartServer(cluster, 0);
    const statuses = await Promise.all(
      cluster.servers.map((server) =>
        fetch(`${server.url}/dev/payments/run-monthly-billing`, { method: 'POST' }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200]);
    const [check] = await queryRows<{
      invoices: number;
      ads: number;
      wrong: number;
      unbilled: number;
      charged: number;
      charges: number;
    }>(
      db,
      sql`select
            count(*)::int as invoices,
            count(distinct i.ad_id)::int as ads,
            count(*) filter (where i.deliveries <> 3 or i.subtotal <> 300 or i.total <> 330
              or (select count(*) from ad_deliveries d where d.ad_id = i.ad_id
                  and d.delivered_at >= i.billed_from and d.delivered_at < i.billed_until) <> 3)::int as wrong,
            (select count(*) from ad_deliveries d where d.ad_id in (${ids}) and not exists (
               select 1 from invoices b where b.ad_id = d.ad_id
               and d.delivered_at >= b.billed_from and d.delivered_at < b.billed_until))::int as unbilled,
            count(*) filter (where i.status = 'charged')::int as charged,
            (select count(*) from dev_payment_charges c where c.customer_id = 'cus_killed')::int as charges
          from invoices i where i.ad_id in (${ids})`,
    );
    expect(check).toEqual({ invoices: 450, ads: 450, wrong: 0, unbilled: 0, charged: 450, charges: 450 });
  });
});
