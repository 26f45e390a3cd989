import { type AdvertiserMe, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { advertiserBilling, paymentWebhookEvents, users } from '../db/schema.ts';
import { type ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { createTestApp } from '../test/test-app.ts';
import { databaseKinds } from '../test/test-database.ts';
import { type TestAppHandle, useTestApp } from '../test/use-test-app.ts';

/** Opens the stand-in checkout and submits the prefilled test card; returns the session id. */
async function registerTestCard(t: TestAppHandle, client: TestHttpClient) {
  const started = await client.json<{ url: string }>('POST', '/api/advertiser/card/setup-session');
  expect(started.status).toBe(200);
  expect(started.body.url).toMatch(new RegExp(`^${t.url}/dev/payments/checkout/`));
  const page = await client.raw(started.body.url);
  const html = await page.text();
  expect(html).toContain('カード番号');
  expect(html).toContain('4242 4242 4242 4242');
  expect(html).toContain('カードを登録する');
  const submitted = await client.raw(started.body.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString(),
  });
  expect(submitted.status).toBe(303);
  const back = new URL(submitted.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${t.url}/advertiser/card-setup`);
  return back.searchParams.get('session_id') ?? '';
}

function signedEvent(t: TestAppHandle, event: object, secret = t.config.payments.webhookSecret) {
  const payload = JSON.stringify(event);
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  };
}

const setupCompleted = (eventId: string, sessionId: string) => ({
  id: eventId,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: sessionId, object: 'checkout.session', mode: 'setup' } },
});

describe('with Stripe configured', () => {
  it('serves none of the stand-in’s pages', async () => {
    const t = await createTestApp('pglite', {
      env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
    });
    try {
      expect(t.config.payments.provider).toBe('stripe');
      for (const url of [
        '/dev/payments/checkout/cs_1',
        '/dev/payments/invoices?token=x',
        '/dev/payments/stand-in.css',
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});

describe.each(databaseKinds())('card setup through the payment stand-in on %s', (kind) => {
  const t = useTestApp(kind);

  it('registers the test card, once, and refuses the session to another advertiser', async () => {
    const owner = await t.as.advertiser({ card: false });
    const other = await t.as.advertiser({ card: false });
    const sessionId = await registerTestCard(t, owner.client);

    const stolen = await other.client.json<ErrorReply>('POST', '/api/advertiser/card/complete', {
      sessionId,
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.message).toBe(messages.cardSetupFailed);
    const [otherRow] = await t.database.db.select().from(users).where(eq(users.id, other.uid));
    expect(otherRow?.cardRegistered).toBe(false);

    for (let i = 0; i < 2; i++) {
      const done = await owner.client.json<{ advertiser: AdvertiserMe }>(
        'POST',
        '/api/advertiser/card/complete',
        {
          sessionId,
        },
      );
      expect(done.status).toBe(200);
      expect(done.body.advertiser).toMatchObject({
        uid: owner.uid,
        cardRegistered: true,
        card: { brand: 'visa', last4: '4242' },
      });
    }
    const billing = await t.database.db
      .select()
      .from(advertiserBilling)
      .where(eq(advertiserBilling.userId, owner.uid));
    expect(billing).toHaveLength(1);
    expect(billing[0]?.paymentMethodId).toMatch(/^pm_local_/);
  });

  it('keeps one provider customer per advertiser across setup attempts', async () => {
    const owner = await t.as.advertiser({ card: false });
    await Promise.all([
      owner.client.json('POST', '/api/advertiser/card/setup-session'),
      owner.client.json('POST', '/api/advertiser/card/setup-session'),
    ]);
    await owner.client.json('POST', '/api/advertiser/card/setup-session');
    const rows = await t.database.db
      .select()
      .from(advertiserBilling)
      .where(eq(advertiserBilling.userId, owner.uid));
    expect(rows).toHaveLength(1);
  });

  it('refuses an unfinished session, a cross-site checkout post, users and visitors', async () => {
    const owner = await t.as.advertiser({ card: false });
    const started = await owner.client.json<{ url: string }>('POST', '/api/advertiser/card/setup-session');
    const sessionId = started.body.url.split('/').pop() ?? '';
    const early = await owner.client.json<ErrorReply>('POST', '/api/advertiser/card/complete', { sessionId });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(messages.cardSetupFailed);

    const crossSite = await owner.client.raw(started.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
    });
    expect(crossSite.status).toBe(403);
    const badCard = await owner.client.raw(started.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
      body: new URLSearchParams({ cardNumber: '4242', expiry: '12/34', cvc: '123' }).toString(),
    });
    expect(badCard.status).toBe(400);
    expect(await badCard.text()).toContain('role="alert"');

    const user = await t.as.user();
    expect((await user.client.json('POST', '/api/advertiser/card/setup-session')).status).toBe(403);
    expect((await new TestHttpClient(t.url).json('POST', '/api/advertiser/billing/portal')).status).toBe(401);
  });

  it('opens the invoice page only with a card, and only with the advertiser’s own invoices', async () => {
    const cardless = await t.as.advertiser({ card: false });
    const refused = await cardless.client.json<ErrorReply>('POST', '/api/advertiser/billing/portal');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(messages.billingAccessFailed);

    const owner = await t.as.advertiser({ card: false });
    await owner.client.json('POST', '/api/advertiser/card/complete', {
      sessionId: await registerTestCard(t, owner.client),
    });
    const portal = await owner.client.json<{ url: string }>('POST', '/api/advertiser/billing/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${t.url}/dev/payments/invoices\\?token=`));
    const page = await new TestHttpClient(t.url).raw(portal.body.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(t.config.invoiceRegistrationNumber);
    expect(html).toContain('href="/advertiser"');

    const forged = new URL(portal.body.url);
    forged.searchParams.set('token', `${forged.searchParams.get('token')}x`);
    expect((await new TestHttpClient(t.url).raw(forged.toString())).status).toBe(403);
  });

  it('records a setup from a signed webhook once, and refuses a bad signature', async () => {
    const owner = await t.as.advertiser({ card: false });
    const sessionId = await registerTestCard(t, owner.client);
    // The stand-in's own signed event recorded the card already (as Stripe's would): undo that, so
    // this test's event is what records it.
    const [recordedByStandIn] = await t.database.db.select().from(users).where(eq(users.id, owner.uid));
    expect(recordedByStandIn?.cardRegistered).toBe(true);
    await t.database.db.update(users).set({ cardRegistered: false }).where(eq(users.id, owner.uid));
    await t.database.db
      .update(advertiserBilling)
      .set({ paymentMethodId: null })
      .where(eq(advertiserBilling.userId, owner.uid));
    const eventId = `evt_${Date.now()}_${owner.uid}`;
    const event = setupCompleted(eventId, sessionId);

    const badSignature = await fetch(`${t.url}/api/payments/webhook`, signedEvent(t, event, 'whsec_wrong'));
    expect(badSignature.status).toBe(400);
    const unsigned = await fetch(`${t.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, owner.uid));
    expect(before?.cardRegistered).toBe(false);

    const first = await fetch(`${t.url}/api/payments/webhook`, signedEvent(t, event));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, handled: true });
    const again = await fetch(`${t.url}/api/payments/webhook`, signedEvent(t, event));
    expect(await again.json()).toEqual({ received: true, handled: false });

    const [after] = await t.database.db.select().from(users).where(eq(users.id, owner.uid));
    expect(after?.cardRegistered).toBe(true);
    const seen = await t.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.id, eventId));
    expect(seen).toHaveLength(1);
  });

  it('acknowledges, without acting, a setup event for a session this service does not know', async () => {
    const response = await fetch(
      `${t.url}/api/payments/webhook`,
      signedEvent(t, setupCompleted(`evt_unknown_${Date.now()}`, 'cs_local_not_ours')),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, handled: true });
  });
});
