import type { ChargeRetryResult } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, devPaymentCharges, paymentWebhookEvents } from '../db/schema.ts';
import {
  advertiserWithInvoice,
  cardNowPays,
  DECLINING_CARD,
  failureMailsTo,
  holdsOf,
  invoiceRow,
  PAYING_CARD,
  paymentFailed,
  postEvent,
  runMonthlyCharges,
} from '../test/billing-fixtures.ts';
import { postgresKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const chargesFor = (t: ReturnType<typeof useTestApp>, invoiceId: string) =>
  t.database.db.select().from(devPaymentCharges).where(eq(devPaymentCharges.idempotencyKey, invoiceId));

describe.each(postgresKinds())('failed payments exactly once under concurrency on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  it('acts once on 40 identical deliveries of a payment-failed event at once: one failure, one mail, one hold', async () => {
    const owner = await advertiserWithInvoice(t, PAYING_CARD);
    const event = paymentFailed(`evt_burst_${owner.invoice.id}`, owner);
    const responses = await Promise.all(Array.from({ length: 40 }, () => postEvent(t, event)));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { handled: boolean }[];
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(bodies.filter((body) => body.handled)).toHaveLength(1);
    expect(
      await t.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, event.id)),
    ).toHaveLength(1);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'failed' });
    expect(await failureMailsTo(t, owner.email)).toHaveLength(1);
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);
  });

  it('mails and holds once when 30 different failure reports of one invoice arrive at once', async () => {
    const owner = await advertiserWithInvoice(t, PAYING_CARD);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postEvent(t, paymentFailed(`evt_each_${i}_${owner.invoice.id}`, owner)),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(await failureMailsTo(t, owner.email)).toHaveLength(1);
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);
  });

  it('charges a failed invoice once when the admin retries it 30 times at once, and lifts the hold', async () => {
    const owner = await advertiserWithInvoice(t, DECLINING_CARD);
    await runMonthlyCharges(t);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'failed', chargeAttempts: 1 });
    await cardNowPays(t, owner.uid);

    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.admin.json<ChargeRetryResult>('POST', `/api/admin/failed-charges/${owner.invoice.id}/retry`),
      ),
    );
    expect(responses.filter((r) => r.status === 200).map((r) => r.body.result)).toEqual([
      { status: 'charged', failureReason: null },
    ]);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'charged', chargeAttempts: 2 });
    expect(await chargesFor(t, owner.invoice.id)).toMatchObject([{ status: 'paid' }]);
    expect(
      await t.database.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, 'retry_invoice'), eq(adminAudit.targetId, owner.invoice.id))),
    ).toHaveLength(1);
    expect(await failureMailsTo(t, owner.email)).toHaveLength(1);
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);
  });

  it('makes one attempt per retry that found it failed when 30 retries of a still-declining card arrive at once: one mail, one hold', async () => {
    const owner = await advertiserWithInvoice(t, DECLINING_CARD);
    await runMonthlyCharges(t);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.admin.json<ChargeRetryResult>('POST', `/api/admin/failed-charges/${owner.invoice.id}/retry`),
      ),
    );
    // Each retry that found it failed made one attempt; none ran at the same time as another.
    const attempts = responses.filter((r) => r.status === 200).length;
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({
      status: 'failed',
      chargeAttempts: 1 + attempts,
    });
    expect(await chargesFor(t, owner.invoice.id)).toMatchObject([{ status: 'open' }]);
    expect(await failureMailsTo(t, owner.email)).toHaveLength(1);
    expect(await holdsOf(t, owner.adIds)).toEqual([['billing'], ['paused', 'billing']]);
  });

  it('charges once when the new card’s return and the provider’s events race 20 times at once', async () => {
    const owner = await advertiserWithInvoice(t, DECLINING_CARD);
    await runMonthlyCharges(t);
    const started = await owner.client.json<{ url: string }>('POST', '/api/advertiser/card/setup-session');
    const sessionId = started.body.url.split('/').pop() ?? '';
    // The checkout is finished (and its own event delivered) before the racing returns.
    const submitted = await owner.client.raw(started.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
      body: new URLSearchParams({ cardNumber: PAYING_CARD, expiry: '12/34', cvc: '123' }).toString(),
    });
    expect(submitted.status).toBe(303);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? owner.client.json('POST', '/api/advertiser/card/complete', { sessionId })
          : postEvent(t, {
              id: `evt_race_${i}_${sessionId}`,
              type: 'checkout.session.completed',
              data: { object: { id: sessionId, object: 'checkout.session', mode: 'setup' } },
            }).then((r) => ({ status: r.status })),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(await invoiceRow(t, owner.invoice.id)).toMatchObject({ status: 'charged' });
    expect(await chargesFor(t, owner.invoice.id)).toMatchObject([{ status: 'paid' }]);
    expect(await holdsOf(t, owner.adIds)).toEqual([[], ['paused']]);
  });
});
