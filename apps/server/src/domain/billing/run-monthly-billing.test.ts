import { invoiceAmounts } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { devPaymentCharges, invoices } from '../../db/schema.ts';
import { createCapturedMailer } from '../../services/mail/captured-mailer.ts';
import { createLocalPaymentProvider } from '../../services/payments/local-payment-provider.ts';
import type { PaymentProvider } from '../../services/payments/payment-provider.ts';
import { deliver, storedAdvertiser } from '../../test/billing-fixtures.ts';
import { createAd } from '../../test/factories.ts';
import { databaseKinds, postgresKinds, useTestDatabase, useTwoInstances } from '../../test/test-database.ts';
import { createMonthlyInvoices } from './create-monthly-invoices.ts';
import { runMonthlyBilling } from './run-monthly-billing.ts';

const ADMIN_EMAIL = 'admin@quiz-points.example';
const REGISTRATION_NUMBER = 'T1234567890123';
const ISSUER_NAME = '株式会社テスト運営';
const jst = (local: string) => new Date(`${local}+09:00`);

/** The failure mail's mailer (captured), logger and link (failed payments). */
const billingNotices = (db: Database) => ({
  mailer: createCapturedMailer(db),
  log: { info() {}, warn() {}, error() {} },
  publicUrl: 'http://127.0.0.1:3000',
});

function localPayments(db: Database): PaymentProvider {
  return createLocalPaymentProvider({
    db,
    publicUrl: 'http://127.0.0.1:3000',
    secret: 'test-secret-test-secret-test-secret',
    webhookSecret: 'whsec_test',
  });
}

const invoicesOf = (db: Database, adId: string) =>
  db.select().from(invoices).where(eq(invoices.adId, adId)).orderBy(invoices.period);

const chargesOf = (db: Database, advertiserId: string) =>
  db
    .select()
    .from(devPaymentCharges)
    .where(eq(devPaymentCharges.customerId, `cus_test_${advertiserId}`));

describe.each(databaseKinds())('monthly billing on %s', (kind) => {
  const database = useTestDatabase(kind);
  let db: Database;
  let payments: PaymentProvider;
  const run = (now: Date, provider: PaymentProvider = payments) =>
    runMonthlyBilling({
      db,
      payments: provider,
      ...billingNotices(db),
      registrationNumber: REGISTRATION_NUMBER,
      issuerName: ISSUER_NAME,
      now,
    });

  beforeAll(() => {
    db = database.db;
    payments = localPayments(db);
  });

  it('bills a click at 23:59:59 on the last day (Japan time) in that month, one at 00:00:00 in the next', async () => {
    const owner = await storedAdvertiser(db);
    const ad = await createAd(db, { advertiserId: owner, unitPrice: 100 });
    await deliver(db, ad, jst('2026-10-31T23:59:59'));
    await deliver(db, ad, jst('2026-11-01T00:00:00'), 2);

    const october = await run(jst('2026-11-05T04:00:00'));
    expect(october.period).toBe('202610');
    const november = await run(jst('2026-12-05T04:00:00'));
    expect(november.period).toBe('202611');

    expect(await invoicesOf(db, ad.id)).toMatchObject([
      {
        period: '202610',
        deliveries: 1,
        unitPrice: 100,
        subtotal: 100,
        carriedIn: 0,
        tax: 10,
        total: 110,
        status: 'charged',
      },
      {
        period: '202611',
        deliveries: 2,
        unitPrice: 100,
        subtotal: 200,
        carriedIn: 0,
        tax: 20,
        total: 220,
        status: 'charged',
      },
    ]);
    const charges = await chargesOf(db, owner);
    expect(charges.map((c) => c.amount).sort()).toEqual([110, 220]);
    expect(charges[0]?.description).toContain('2026年10月分');
  });

  it('bills December in the January run (year boundary)', async () => {
    const owner = await storedAdvertiser(db);
    const ad = await createAd(db, { advertiserId: owner, unitPrice: 60 });
    await deliver(db, ad, jst('2026-12-31T23:59:59'));
    await deliver(db, ad, jst('2027-01-01T00:00:00'));
    expect((await run(jst('2027-01-05T04:00:00'))).period).toBe('202612');
    expect(await invoicesOf(db, ad.id)).toMatchObject([{ period: '202612', deliveries: 1, total: 66 }]);
  });

  it('carries a bill under 50 yen into the next month, where it is charged with the new deliveries', async () => {
    const owner = await storedAdvertiser(db);
    const ad = await createAd(db, { advertiserId: owner, unitPrice: 40 });
    await deliver(db, ad, jst('2026-10-15T12:00:00'));
    await run(jst('2026-11-05T04:00:00'));
    expect(await invoicesOf(db, ad.id)).toMatchObject([
      { period: '202610', deliveries: 1, subtotal: 40, tax: 4, total: 44, status: 'carried_over' },
    ]);
    expect(await chargesOf(db, owner)).toHaveLength(0);

    await deliver(db, ad, jst('2026-11-20T12:00:00'));
    await run(jst('2026-12-05T04:00:00'));
    await run(jst('2026-12-05T05:00:00'));
    expect(await invoicesOf(db, ad.id)).toMatchObject([
      { period: '202610', status: 'carried_over' },
      { period: '202611', deliveries: 1, subtotal: 40, carriedIn: 40, tax: 8, total: 88, status: 'charged' },
    ]);
    expect((await chargesOf(db, owner)).map((c) => c.amount)).toEqual([88]);

    // Absorbed once: a later month does not carry it again.
    await deliver(db, ad, jst('2026-12-10T12:00:00'), 2);
    await run(jst('2027-01-05T04:00:00'));
    const [, , december] = await invoicesOf(db, ad.id);
    expect(december).toMatchObject({ period: '202612', subtotal: 80, carriedIn: 0, total: 88 });
  });

  it('bills once when run twice: one invoice, one charge', async () => {
    const owner = await storedAdvertiser(db);
    const ad = await createAd(db, { advertiserId: owner, unitPrice: 45 });
    await deliver(db, ad, jst('2027-02-10T09:00:00'), 3);
    const first = await run(jst('2027-03-05T04:00:00'));
    const second = await run(jst('2027-03-05T04:00:00'));
    expect(first.invoices).toBeGreaterThanOrEqual(1);
    expect(second.invoices).toBe(0);
    expect(await invoicesOf(db, ad.id)).toMatchObject([
      { period: '202702', deliveries: 3, total: 149, status: 'charged' },
    ]);
    const charges = await chargesOf(db, owner);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 149, idempotencyKey: (await invoicesOf(db, ad.id))[0]?.id });
  });

  it('retries an invoice left charging by a crash, charging it once even if the crash came after the charge', async () => {
    const owner = await storedAdvertiser(db);
    const before = await createAd(db, { advertiserId: owner, unitPrice: 100 });
    const after = await createAd(db, { advertiserId: owner, unitPrice: 200 });
    await deliver(db, before, jst('2027-03-10T09:00:00'));
    await deliver(db, after, jst('2027-03-10T09:00:00'));
    // The crash: invoices written, then the process died; one charge had reached the provider.
    await createMonthlyInvoices({
      db,
      now: jst('2027-04-05T04:00:00'),
      issuer: { name: ISSUER_NAME, registrationNumber: REGISTRATION_NUMBER },
    });
    const [chargedBeforeCrash] = await invoicesOf(db, after.id);
    expect(chargedBeforeCrash?.status).toBe('charging');
    const providerInvoiceId = await payments.charge({
      customerId: `cus_test_${owner}`,
      paymentMethodId: `pm_test_${owner}`,
      amount: chargedBeforeCrash!.total,
      description: 'before the crash',
      registrationNumber: REGISTRATION_NUMBER,
      idempotencyKey: chargedBeforeCrash!.id,
      attempt: 1,
    });

    const rerun = await run(jst('2027-04-05T05:00:00'));
    expect(rerun.invoices).toBe(0);
    expect(await invoicesOf(db, before.id)).toMatchObject([
      { status: 'charged', total: 110, chargeAttempts: 1 },
    ]);
    expect(await invoicesOf(db, after.id)).toMatchObject([
      { status: 'charged', total: 220, providerInvoiceId },
    ]);
    expect((await chargesOf(db, owner)).map((c) => c.amount).sort()).toEqual([110, 220]);
  });

  it('marks a declined charge failed with the reason and charges it on the next run', async () => {
    const owner = await storedAdvertiser(db);
    const ad = await createAd(db, { advertiserId: owner, unitPrice: 100 });
    await deliver(db, ad, jst('2027-05-10T09:00:00'));
    const declining: PaymentProvider = {
      ...payments,
      charge: () => Promise.reject(new Error('Your card was declined.')),
    };
    expect(await run(jst('2027-06-05T04:00:00'), declining)).toMatchObject({ failed: 1 });
    expect(await invoicesOf(db, ad.id)).toMatchObject([
      { status: 'failed', failureReason: 'Your card was declined.', chargeAttempts: 1 },
    ]);
    await run(jst('2027-06-06T04:00:00'));
    expect(await invoicesOf(db, ad.id)).toMatchObject([
      { status: 'charged', failureReason: null, chargeAttempts: 2 },
    ]);
    expect(await chargesOf(db, owner)).toHaveLength(1);
  });

  it('never bills house ads; bills a password account holding the admin’s address; a cardless one fails', async () => {
    // Only the admin places house ads; an advertiser account is billed whatever its address
    // (decision 012: it was once a way to advertise free).
    const squatter = await storedAdvertiser(db, { user: { email: ADMIN_EMAIL } });
    const squatterAd = await createAd(db, { advertiserId: squatter, unitPrice: 100 });
    const houseAd = await createAd(db, {
      advertiserId: await storedAdvertiser(db),
      unitPrice: 100,
      isHouseAd: true,
    });
    const cardless = await storedAdvertiser(db, { card: false });
    const cardlessAd = await createAd(db, { advertiserId: cardless, unitPrice: 100 });
    for (const ad of [squatterAd, houseAd, cardlessAd]) await deliver(db, ad, jst('2027-07-10T09:00:00'));
    await run(jst('2027-08-05T04:00:00'));
    expect(await invoicesOf(db, houseAd.id)).toEqual([]);
    expect(await invoicesOf(db, squatterAd.id)).toMatchObject([{ status: 'charged', subtotal: 100 }]);
    expect(await invoicesOf(db, cardlessAd.id)).toMatchObject([
      { status: 'failed', failureReason: 'no card on file' },
    ]);
  });
});

describe.each(postgresKinds())('monthly billing on two instances at once (%s)', (kind) => {
  const two = useTwoInstances(kind);

  it('bills every ad once when two servers run the job at the same instant', async () => {
    const db = two.database.db;
    const owner = await storedAdvertiser(db);
    const ads: { id: string; unitPrice: number }[] = [];
    for (let i = 0; i < 8; i++) {
      const ad = await createAd(db, { advertiserId: owner, unitPrice: 50 + i });
      await deliver(db, ad, jst('2026-10-20T10:00:00'), 2);
      ads.push(ad);
    }
    const now = jst('2026-11-05T04:00:00');
    const results = await Promise.all(
      [two.database.db, two.second.db, two.database.db, two.second.db].map((instanceDb) =>
        runMonthlyBilling({
          db: instanceDb,
          payments: localPayments(instanceDb),
          ...billingNotices(instanceDb),
          registrationNumber: REGISTRATION_NUMBER,
          issuerName: ISSUER_NAME,
          now,
        }),
      ),
    );
    expect(results.reduce((sum, r) => sum + r.invoices, 0)).toBe(8);
    const rows = await db.select().from(invoices).where(eq(invoices.advertiserId, owner));
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.status === 'charged')).toBe(true);
    const charges = await chargesOf(db, owner);
    expect(charges).toHaveLength(8);
    expect(charges.map((c) => c.amount).sort((a, b) => a - b)).toEqual(
      ads.map((ad) => invoiceAmounts(ad.unitPrice * 2, 0).total),
    );
    // Each invoice bills its ad's two deliveries, from the first of them to the end of October.
    expect(rows.map((r) => ({ deliveries: r.deliveries, from: r.billedFrom, until: r.billedUntil }))).toEqual(
      rows.map(() => ({
        deliveries: 2,
        from: jst('2026-10-20T10:00:00'),
        until: jst('2026-11-01T00:00:00'),
      })),
    );
  });
});
