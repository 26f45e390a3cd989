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
  invoicePaid,
  invoiceRow,
  PAYING_CARD,
  paymentFailed,
  postEvent,
  postSignedBody,
  registerCard,
  runMonthlyCharges,
} from '../test/billing-fixtures.ts';
import { capturedLog } from '../test/captured-log.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

type Listed<T> = { failedCharges: T[] };

/** The failed invoices as /metrics counts them (what the BillingFailed alert reads). */
async function failedGauge(url: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^qp_invoices\{status="failed"\} (\d+)$/m.exec(text)?.[1]);
}

/** Every line the app logs at warn and above. */
const { destination: logDestination, loggedWith } = capturedLog();

describe.each(databaseKinds())('failed payments on %s', (kind) => {
  const t = useTestApp(kind, { admin: true, env: { LOG_LEVEL: 'warn' }, logDestination });
  /** The admin's retry of one failed charge. */
  const retry = <T>(invoiceId: string) =>
    t.admin.json<T>('POST', `/api/admin/failed-charges/${invoiceId}/retry`);

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
    const event = paymentFailed(`evt_failed_${owner.invoice.id}`, owner);

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
    await postEvent(t, paymentFailed(`${event.id}_2`, owner));
    expect(await failureMailsTo(t, owner.email)).toHaveLength(1);
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);

    const paid = await postEvent(t, invoicePaid(`evt_paid_${owner.invoice.id}`, owner, 'in_paid_1'));
    expect(await paid.json()).toEqual({ received: true, handled: true });
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({
      status: 'charged',
      providerInvoiceId: 'in_paid_1',
    });
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);

    // A late failure event for the paid invoice changes nothing.
    await postEvent(t, paymentFailed(`${event.id}_late`, owner));
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'charged' });
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);
  });

  it("acts on an invoice event only when its customer and amount are the invoice's: another customer's changes nothing", async () => {
    const victim = await advertiserWithInvoice(t, PAYING_CARD);
    const other = await advertiserWithInvoice(t, PAYING_CARD);
    await postEvent(t, paymentFailed(`evt_victim_failed_${victim.invoice.id}`, victim));
    expect(await invoiceRow(t, victim.invoice.id)).toMatchObject({ status: 'failed' });
    expect(await holdsOf(t, victim.adIds)).toEqual([['billing'], ['paused', 'billing']]);
    const ignored = () => loggedWith("payment event ignored: its customer or amount is not the invoice's");
    const before = ignored().length;

    // Signed events about the victim's invoice that are not the victim's provider invoice: another
    // customer's, another amount, no customer. Each is acknowledged, logged and changes nothing.
    const notTheirs = [
      invoicePaid('evt_paid_by_other', { customerId: other.customerId, invoice: victim.invoice }, 'in_1'),
      invoicePaid('evt_paid_less', { ...victim, invoice: { ...victim.invoice, total: 1 } }, 'in_2'),
      invoicePaid('evt_paid_nobody', { ...victim, customerId: null }, 'in_3'),
      // A failure naming the other advertiser's invoice, from the victim's customer.
      paymentFailed('evt_failed_by_victim', { customerId: victim.customerId, invoice: other.invoice }),
    ];
    for (const event of notTheirs) {
      const response = await postEvent(t, event);
      expect(response.status, event.id).toBe(200);
      expect(await response.json(), event.id).toEqual({ received: true, handled: false });
    }
    expect(await invoiceRow(t, victim.invoice.id)).toMatchObject({
      status: 'failed',
      providerInvoiceId: null,
    });
    expect(await holdsOf(t, victim.adIds)).toEqual([['billing'], ['paused', 'billing']]);
    expect(await invoiceRow(t, other.invoice.id)).toMatchObject({ status: 'charging', failedAt: null });
    expect(await holdsOf(t, other.adIds)).toEqual([[], ['paused']]);
    expect(await failureMailsTo(t, other.email)).toHaveLength(0);
    const recorded = await t.database.db.select({ id: paymentWebhookEvents.id }).from(paymentWebhookEvents);
    expect(recorded.filter((row) => notTheirs.some((event) => event.id === row.id))).toEqual([]);
    expect(ignored().slice(before)).toMatchObject(
      notTheirs.map((event) => ({ level: 40, eventId: event.id, type: event.type })),
    );

    // The victim's own provider invoice still settles it.
    await postEvent(t, invoicePaid('evt_paid_by_victim', victim, 'in_victim'));
    expect(await invoiceRow(t, victim.invoice.id)).toMatchObject({
      status: 'charged',
      providerInvoiceId: 'in_victim',
    });
    expect(await holdsOf(t, victim.adIds)).toEqual([[], ['paused']]);
  });

  it('refuses a signed body that is not a whole event with 400 and a log line, and changes nothing', async () => {
    const owner = await advertiserWithInvoice(t, PAYING_CARD);
    await postEvent(t, paymentFailed(`evt_before_${owner.invoice.id}`, owner));
    const paid = {
      object: 'event',
      ...invoicePaid(`evt_malformed_${owner.invoice.id}`, owner, 'in_malformed'),
    };
    const failed = { object: 'event', ...paymentFailed(`evt_malformed_failure_${owner.invoice.id}`, owner) };
    const failedSaying = (message: string) => ({
      ...failed,
      data: { object: { ...failed.data.object, last_finalization_error: { message } } },
    });
    const { id: _id, ...withoutId } = paid;
    const malformed: [string, unknown][] = [
      ['no id', withoutId],
      ['an id that is not text', { ...paid, id: 42 }],
      ['a NUL in the id', { ...paid, id: 'evt_\u0000' }],
      ['data null', { ...paid, data: null }],
      ['data.object null', { ...paid, data: { object: null } }],
      ['data.object an array', { ...paid, data: { object: [paid.data.object] } }],
      ['an invoice without its id', { ...paid, data: { object: { ...paid.data.object, id: undefined } } }],
      ['a NUL in the failure message', failedSaying('declined\u0000')],
      ['half a surrogate pair in the failure message', failedSaying('\ud800')],
      ['a JSON array', [paid]],
      ['a JSON string', 'evt_1'],
      ['JSON null', null],
    ];
    const refused = () => loggedWith('payment webhook refused');
    for (const [what, body] of malformed) {
      const before = refused().length;
      const response = await postSignedBody(t, JSON.stringify(body));
      expect(response.status, what).toBe(400);
      expect(((await response.json()) as ErrorReply).error.code, what).toBe('BAD_REQUEST');
      expect(refused().length - before, what).toBe(1);
    }
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({
      status: 'failed',
      failureReason: `Stripe invoice in_evt_before_${owner.invoice.id} payment failed`,
    });
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);
    expect(await failureMailsTo(t, owner.email)).toHaveLength(1);
    for (const id of [paid.id, failed.id]) {
      expect(
        await t.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, id)),
      ).toEqual([]);
    }
    // The same event, whole, is acted on.
    expect(await (await postEvent(t, paid)).json()).toEqual({ received: true, handled: true });
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'charged' });
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
    // Charged at once, so they failed in either order: listed here by amount, largest first.
    const ownRows = listed.body.failedCharges
      .filter((row) => row.advertiserId === owner.uid)
      .sort((a, b) => b.total - a.total);
    expect(ownRows).toMatchObject([
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

    const stillDeclined = await retry<ChargeRetryResult>(owner.invoice.id);
    expect(stillDeclined.body.result).toEqual({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'failed', chargeAttempts: 2 });

    // The card now pays (say, the advertiser's bank lifted its block).
    await cardNowPays(t, owner.uid);
    const paid = await retry<ChargeRetryResult>(owner.invoice.id);
    expect(paid.body.result).toEqual({ status: 'charged', failureReason: null });
    // The other invoice is still failed: the hold stays.
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);
    await retry(second.id);
    expect(await invoiceRow(t, second.id)).toMatchObject({ status: 'charged' });
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);
    // Paid invoices leave the failed count, so the alert clears once none is left.
    expect(await failedGauge(t.url)).toBe(failedBefore - 2);

    const audited = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'retry_invoice'), eq(adminAudit.targetId, owner.invoice.id)));
    expect(audited.map((row) => row.details)).toEqual([{ attempt: 2 }, { attempt: 3 }]);

    const again = await retry<ErrorReply>(owner.invoice.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(paymentFailureMessages.notFailed);
    const unknown = await retry<ErrorReply>('00000000-0000-4000-8000-000000000000');
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
