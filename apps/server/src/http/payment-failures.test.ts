import {
  type AdminFailedCharge,
  type ChargeRetryResult,
  type OwnFailedCharge,
  paymentFailureMessages,
} from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, advertiserBilling, devPaymentCharges, paymentWebhookEvents } from '../db/schema.ts';
import {
  advertiserWithInvoice,
  anotherInvoice,
  cardNowPays,
  DECLINING_CARD,
  failureMailsTo,
  holdsOf,
  invoiceRow,
  PAYING_CARD,
  paymentFailed,
  postEvent,
  registerCard,
  runMonthlyCharges,
} from '../test/billing-fixtures.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

type Listed<T> = { failedCharges: T[] };

/** The failed invoices as /metrics counts them (what the BillingFailed alert reads). */
async function failedGauge(url: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^qp_invoices\{status="failed"\} (\d+)$/m.exec(text)?.[1]);
}

describe.each(databaseKinds())('failed payments on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  it('fails a declined charge of the monthly run: reason, every ad held, one mail, the banner; a new card pays it and lifts the hold', async () => {
    const owner = await advertiserWithInvoice(t, DECLINING_CARD);
    await runMonthlyCharges(t);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
      chargeAttempts: 1,
    });
    expect((await invoiceRow(t, owner.invoice.id)).failedAt).toBeInstanceOf(Date);
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);
    // The stand-in also sent its signed invoice.payment_failed to the webhook (handled, as Stripe's
    // would be): still one mail.
    expect(
      await t.database.db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.type, 'invoice.payment_failed')),
    ).toHaveLength(1);
    const mails = await failureMailsTo(t, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('2026年10月分の広告「請求される広告」の配信料 330円（税込）');
    expect(mails[0]?.text).toContain(`${t.url}/advertiser/card-setup`);
    const banner = await owner.client.json<Listed<OwnFailedCharge>>(
      'GET',
      '/api/advertiser/billing/failed-charges',
    );
    expect(banner.body.failedCharges).toMatchObject([
      { invoiceId: owner.invoice.id, adTitle: '請求される広告', period: '202610', total: 330 },
    ]);

    // The next run tries again with the same card: still failed, still one mail, one hold.
    await runMonthlyCharges(t);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'failed', chargeAttempts: 2 });
    expect(await failureMailsTo(t, owner.email)).toHaveLength(1);
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);

    await registerCard(t, owner.client, PAYING_CARD);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'charged', failureReason: null });
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);
    const charges = await t.database.db
      .select()
      .from(devPaymentCharges)
      .where(eq(devPaymentCharges.idempotencyKey, owner.invoice.id));
    expect(charges).toMatchObject([{ status: 'paid', amount: 330 }]);
    const after = await owner.client.json<Listed<OwnFailedCharge>>(
      'GET',
      '/api/advertiser/billing/failed-charges',
    );
    expect(after.body.failedCharges).toEqual([]);
  });

  it('acts on a signed payment-failed event once, refuses a bad signature, and a paid event lifts the hold', async () => {
    const owner = await advertiserWithInvoice(t, PAYING_CARD);
    const event = paymentFailed(`evt_failed_${owner.invoice.id}`, owner.invoice.id);

    const forged = await postEvent(t, event, 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'charging', failedAt: null });
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);
    expect(
      await t.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, event.id)),
    ).toEqual([]);

    const first = await postEvent(t, event);
    expect(await first.json()).toEqual({ received: true, handled: true });
    const replay = await postEvent(t, event);
    expect(await replay.json()).toEqual({ received: true, handled: false });
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({
      status: 'failed',
      failureReason: `Stripe invoice in_${event.id} payment failed`,
    });
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);
    expect(await failureMailsTo(t, owner.email)).toHaveLength(1);

    // The provider's next attempt fails too (a new event): no second mail, no second hold.
    await postEvent(t, paymentFailed(`${event.id}_2`, owner.invoice.id));
    expect(await failureMailsTo(t, owner.email)).toHaveLength(1);
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);

    const paid = await postEvent(t, {
      id: `evt_paid_${owner.invoice.id}`,
      type: 'invoice.paid',
      data: {
        object: { id: 'in_paid_1', object: 'invoice', metadata: { quiz_points_invoice: owner.invoice.id } },
      },
    });
    expect(await paid.json()).toEqual({ received: true, handled: true });
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({
      status: 'charged',
      providerInvoiceId: 'in_paid_1',
    });
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);

    // A late failure event for the paid invoice changes nothing.
    await postEvent(t, paymentFailed(`${event.id}_late`, owner.invoice.id));
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'charged' });
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);
  });

  it('takes a card attached at the provider as the new card and charges the failed invoices with it', async () => {
    const owner = await advertiserWithInvoice(t, DECLINING_CARD);
    await runMonthlyCharges(t);
    expect((await invoiceRow(t, owner.invoice.id)).status).toBe('failed');
    const [billing] = await t.database.db
      .select()
      .from(advertiserBilling)
      .where(eq(advertiserBilling.userId, owner.uid));
    const attached = {
      id: `evt_attached_${owner.uid}`,
      type: 'payment_method.attached',
      data: {
        object: {
          id: `pm_portal_${owner.uid}`,
          object: 'payment_method',
          type: 'card',
          customer: billing!.providerCustomerId,
          card: { brand: 'jcb', last4: '0005' },
        },
      },
    };
    const response = await postEvent(t, attached);
    expect(await response.json()).toEqual({ received: true, handled: true });
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'charged', chargeAttempts: 2 });
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);
    const [card] = await t.database.db
      .select()
      .from(advertiserBilling)
      .where(eq(advertiserBilling.userId, owner.uid));
    expect(card).toMatchObject({
      paymentMethodId: `pm_portal_${owner.uid}`,
      cardBrand: 'jcb',
      cardLast4: '0005',
    });
    // The same event again does nothing more.
    expect(await (await postEvent(t, attached)).json()).toEqual({ received: true, handled: false });
  });

  it('lists failed charges for the admin, whose retry is audited and lifts the hold only when nothing else failed', async () => {
    const owner = await advertiserWithInvoice(t, DECLINING_CARD);
    const second = await anotherInvoice(t, owner.uid);
    await runMonthlyCharges(t);
    const listed = await t.admin.json<Listed<AdminFailedCharge>>('GET', '/api/admin/failed-charges');
    expect(listed.status).toBe(200);
    expect(listed.body.failedCharges.filter((row) => row.advertiserId === owner.uid)).toMatchObject([
      {
        invoiceId: owner.invoice.id,
        advertiserEmail: owner.email,
        adTitle: '請求される広告',
        period: '202610',
        total: 330,
        failureReason: 'Your card was declined.',
        attempts: 1,
        cardRegistered: true,
      },
      { invoiceId: second.id, adTitle: 'もう一つの広告', total: 110 },
    ]);
    // Two failed invoices, one mail each.
    expect(await failureMailsTo(t, owner.email)).toHaveLength(2);
    const failedBefore = await failedGauge(t.url);
    expect(failedBefore).toBeGreaterThanOrEqual(2);

    const stillDeclined = await t.admin.json<ChargeRetryResult>(
      'POST',
      `/api/admin/failed-charges/${owner.invoice.id}/retry`,
    );
    expect(stillDeclined.body.result).toEqual({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'failed', chargeAttempts: 2 });

    // The card now pays (say, the advertiser's bank lifted its block).
    await cardNowPays(t, owner.uid);
    const paid = await t.admin.json<ChargeRetryResult>(
      'POST',
      `/api/admin/failed-charges/${owner.invoice.id}/retry`,
    );
    expect(paid.body.result).toEqual({ status: 'charged', failureReason: null });
    // The other invoice is still failed: the hold stays.
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);
    await t.admin.json('POST', `/api/admin/failed-charges/${second.id}/retry`);
    expect(await invoiceRow(t, second.id)).toMatchObject({ status: 'charged' });
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);
    // Paid invoices leave the failed count, so the alert clears once none is left.
    expect(await failedGauge(t.url)).toBe(failedBefore - 2);

    const audited = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'retry_invoice'), eq(adminAudit.targetId, owner.invoice.id)));
    expect(audited.map((row) => row.details)).toEqual([{ attempt: 2 }, { attempt: 3 }]);

    const again = await t.admin.json<ErrorReply>(
      'POST',
      `/api/admin/failed-charges/${owner.invoice.id}/retry`,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(paymentFailureMessages.notFailed);
    const unknown = await t.admin.json<ErrorReply>(
      'POST',
      '/api/admin/failed-charges/00000000-0000-4000-8000-000000000000/retry',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(paymentFailureMessages.notFound);
    const remaining = await t.admin.json<Listed<AdminFailedCharge>>('GET', '/api/admin/failed-charges');
    expect(remaining.body.failedCharges.filter((row) => row.advertiserId === owner.uid)).toEqual([]);
  });

  it('refuses the admin’s list and retry to an advertiser, and the banner’s list to the admin', async () => {
    const owner = await advertiserWithInvoice(t, DECLINING_CARD);
    await runMonthlyCharges(t);
    expect((await owner.client.json('GET', '/api/admin/failed-charges')).status).toBe(403);
    expect(
      (await owner.client.json('POST', `/api/admin/failed-charges/${owner.invoice.id}/retry`)).status,
    ).toBe(403);
    expect((await t.admin.json('GET', '/api/advertiser/billing/failed-charges')).status).toBe(403);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'failed', chargeAttempts: 1 });
  });
});
