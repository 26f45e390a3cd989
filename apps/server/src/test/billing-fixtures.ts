import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import {
  adDeliveries,
  ads,
  advertiserBilling,
  devOutbox,
  devPaymentSessions,
  invoices,
  users,
} from '../db/schema.ts';
import { createAd } from './factories.ts';
import type { TestHttpClient } from './http-client.ts';
import type { TestAppHandle } from './use-test-app.ts';

/** Stripe's test cards, which the stand-in honours: one that pays, one that is always declined. */
export const PAYING_CARD = '4242 4242 4242 4242';
export const DECLINING_CARD = '4000 0000 0000 0002';

/**
 * Registers a card through the stand-in's checkout, as the browser does (start, submit, come back
 * to complete); returns the checkout session id.
 */
export async function registerCard(t: TestAppHandle, client: TestHttpClient, cardNumber: string) {
  const started = await client.json<{ url: string }>('POST', '/api/advertiser/card/setup-session');
  expect(started.status).toBe(200);
  const submitted = await client.raw(started.body.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
    body: new URLSearchParams({ cardNumber, expiry: '12/34', cvc: '123' }).toString(),
  });
  expect(submitted.status).toBe(303);
  const sessionId = new URL(submitted.headers.get('location') ?? '').searchParams.get('session_id') ?? '';
  const completed = await client.json('POST', '/api/advertiser/card/complete', { sessionId });
  expect(completed.status).toBe(200);
  return sessionId;
}

/**
 * An advertiser with a card (paying or declining) registered through the stand-in, two approved
 * ads (the second already paused by them), and an invoice of the first ad written by the monthly
 * run and not yet charged (`charging`).
 */
export async function advertiserWithInvoice(t: TestAppHandle, cardNumber: string, total = 330) {
  const advertiser = await t.as.advertiser({ card: false });
  await registerCard(t, advertiser.client, cardNumber);
  const db = t.database.db;
  const billed = await createAd(db, { advertiserId: advertiser.uid, adTitle: '請求される広告' });
  const paused = await createAd(db, { advertiserId: advertiser.uid, holds: ['paused'] });
  const [invoice] = await db
    .insert(invoices)
    .values({
      adId: billed.id,
      advertiserId: advertiser.uid,
      period: '202610',
      deliveries: 3,
      unitPrice: 100,
      subtotal: total - Math.round(total / 11),
      tax: Math.round(total / 11),
      total,
      status: 'charging',
    })
    .returning();
  if (!invoice) throw new Error('no invoice');
  const [billing] = await db
    .select({ customerId: advertiserBilling.providerCustomerId })
    .from(advertiserBilling)
    .where(eq(advertiserBilling.userId, advertiser.uid));
  if (!billing) throw new Error('no provider customer');
  return { ...advertiser, adIds: [billed.id, paused.id], invoice, customerId: billing.customerId };
}

/** A second invoice (another ad, same advertiser), `charging`. */
export async function anotherInvoice(t: TestAppHandle, advertiserId: string) {
  const ad = await createAd(t.database.db, { advertiserId, adTitle: 'もう一つの広告' });
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({
      adId: ad.id,
      advertiserId,
      period: '202610',
      deliveries: 1,
      unitPrice: 100,
      subtotal: 100,
      tax: 10,
      total: 110,
      status: 'charging',
    })
    .returning();
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

/** The monthly run, now (the stand-in's development route): charges every `charging` invoice. */
export async function runMonthlyCharges(t: TestAppHandle) {
  const response = await fetch(`${t.url}/dev/payments/run-monthly-billing`, { method: 'POST' });
  expect(response.status).toBe(200);
}

export async function invoiceRow(t: TestAppHandle, invoiceId: string) {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw new Error('invoice vanished');
  return row;
}

/** Each ad's holds, in the order given. */
export async function holdsOf(t: TestAppHandle, adIds: readonly string[]) {
  const rows = await t.database.db
    .select({ id: ads.id, holds: ads.holds })
    .from(ads)
    .where(inArray(ads.id, [...adIds]));
  return adIds.map((id) => rows.find((row) => row.id === id)?.holds);
}

/** The failed-payment mails the advertiser was sent (the captured outbox). */
export function failureMailsTo(t: TestAppHandle, email: string) {
  return t.database.db
    .select()
    .from(devOutbox)
    .where(and(eq(devOutbox.to, email), like(devOutbox.subject, '%お支払いができませんでした%')));
}

/** A provider event delivered to the webhook route, signed with `secret` (the app's, unless told). */
export function postEvent(
  t: TestAppHandle,
  event: { id: string; type: string; data: { object: object } },
  secret = t.config.payments.webhookSecret,
) {
  return postSignedBody(t, JSON.stringify({ object: 'event', ...event }), secret);
}

/** Any body, signed as the provider signs its events: the signature holds whatever the body says. */
export function postSignedBody(t: TestAppHandle, payload: string, secret = t.config.payments.webhookSecret) {
  return fetch(`${t.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
}

/** The provider's invoice for one of our invoices: its advertiser's customer, its total, our tag. */
export interface BilledInvoice {
  customerId: string | null;
  invoice: { id: string; total: number };
}

const providerInvoice = ({ customerId, invoice }: BilledInvoice, id: string, status: string) => ({
  id,
  object: 'invoice',
  customer: customerId,
  total: invoice.total,
  status,
  metadata: { quiz_points_invoice: invoice.id },
});

/** Stripe's invoice.payment_failed for one of our invoices. */
export const paymentFailed = (eventId: string, billed: BilledInvoice) => ({
  id: eventId,
  type: 'invoice.payment_failed',
  data: { object: providerInvoice(billed, `in_${eventId}`, 'open') },
});

/** Stripe's invoice.paid for one of our invoices, paid as the provider's invoice `providerInvoiceId`. */
export const invoicePaid = (eventId: string, billed: BilledInvoice, providerInvoiceId: string) => ({
  id: eventId,
  type: 'invoice.paid',
  data: { object: providerInvoice(billed, providerInvoiceId, 'paid') },
});

/** The advertiser's declining stand-in card pays from now on (say, the bank lifted its block). */
export async function cardNowPays(t: TestAppHandle, advertiserId: string) {
  const [billing] = await t.database.db
    .select()
    .from(advertiserBilling)
    .where(eq(advertiserBilling.userId, advertiserId));
  await t.database.db
    .update(devPaymentSessions)
    .set({ cardDeclines: false })
    .where(eq(devPaymentSessions.paymentMethodId, billing!.paymentMethodId!));
}

/**
 * An advertiser written straight to the tables, with a card on file at the payment stand-in (its
 * customer `cus_test_<id>`) unless `card` is false; `user` adds to their users row.
 */
export async function storedAdvertiser(
  db: Database,
  options: { card?: boolean; user?: Partial<typeof users.$inferInsert> } = {},
) {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    email: `adv-${id}@example.com`,
    emailHash: id,
    role: 'advertiser',
    displayName: '広告社',
    ...options.user,
  });
  if (options.card ?? true) {
    await db.insert(advertiserBilling).values({
      userId: id,
      providerCustomerId: `cus_test_${id}`,
      paymentMethodId: `pm_test_${id}`,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
  }
  return id;
}

/** `count` deliveries of the ad at `at`, each to a different person (one delivery per person and ad). */
export async function deliver(db: Database, ad: { id: string; unitPrice: number }, at: Date, count = 1) {
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    await db.insert(users).values({ id, email: `viewer-${id}@example.com`, emailHash: id });
    await db
      .insert(adDeliveries)
      .values({ adId: ad.id, userId: id, unitPrice: ad.unitPrice, deliveredAt: at });
  }
}
