import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidWebhookError, type PaymentProvider } from './payment-provider.ts';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';
import { signStripeEvent } from './stripe-webhook.ts';

interface Seen {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/** A stand-in for api.stripe.com that records each request and answers from `routes`. */
function fakeStripe() {
  const seen: Seen[] = [];
  let routes: Record<string, () => { status?: number; body: object }> = {};
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.test');
      const key = request.headers['idempotency-key'];
      seen.push({
        method: request.method ?? '',
        path: url.pathname,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        form: new URLSearchParams(request.method === 'GET' ? url.search : raw),
      });
      const route = routes[`${request.method} ${url.pathname}`];
      const reply = route
        ? route()
        : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such thing' } } };
      response.writeHead(reply.status ?? 200, {
        'content-type': 'application/json',
        'request-id': 'req_test',
      });
      response.end(JSON.stringify(reply.body));
    });
  });
  return {
    seen,
    server,
    answer(next: typeof routes) {
      routes = next;
      seen.length = 0;
    },
  };
}

/** Stripe's answer to listing invoices: these, on one page. */
const invoicesAnswer = (...data: object[]) => ({
  body: { object: 'list', data, has_more: false, url: '/v1/invoices' },
});
/** Stripe's answer with one object of the given kind. */
const answerWith = (object: string, id: string, fields: object = {}) => ({ body: { id, object, ...fields } });
/** Stripe's answer with one invoice in the given state. */
const invoiceAnswer = (id: string, status: string, total: number, more: object = {}) =>
  answerWith('invoice', id, { status, total, ...more });

const charge = {
  customerId: 'cus_1',
  paymentMethodId: 'pm_1',
  amount: 110,
  description: 'クイズポイント 広告配信料 2026年10月分',
  registrationNumber: 'T1234567890123',
  idempotencyKey: 'invoice-uuid-1',
  attempt: 1,
};

describe('the Stripe adapter', () => {
  const fake = fakeStripe();
  let provider: PaymentProvider;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    provider = createStripePaymentProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_fake',
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));
  beforeEach(() => fake.answer({}));

  it('creates the customer once per advertiser and a setup-mode checkout in yen', async () => {
    fake.answer({
      'POST /v1/customers': () => answerWith('customer', 'cus_1'),
      'POST /v1/checkout/sessions': () =>
        answerWith('checkout.session', 'cs_1', { url: 'https://checkout.stripe.com/c/pay/cs_1' }),
    });
    expect(await provider.createCustomer({ userId: 'u1', email: 'a@example.com', name: '広告社' })).toBe(
      'cus_1',
    );
    expect(
      await provider.createSetupSession({
        customerId: 'cus_1',
        successUrl: 'https://qp.example/advertiser/card-setup?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://qp.example/advertiser/card-setup',
      }),
    ).toEqual({ sessionId: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' });
    const [customer, session] = fake.seen;
    expect(customer).toMatchObject({ path: '/v1/customers', idempotencyKey: 'customer:u1' });
    expect(customer?.form.get('metadata[user_id]')).toBe('u1');
    expect(Object.fromEntries(session?.form ?? [])).toMatchObject({
      mode: 'setup',
      currency: 'jpy',
      customer: 'cus_1',
      success_url: 'https://qp.example/advertiser/card-setup?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('reads the saved card from the finished session, and null for an unknown one', async () => {
    fake.answer({
      'GET /v1/checkout/sessions/cs_1': () =>
        answerWith('checkout.session', 'cs_1', {
          status: 'complete',
          customer: 'cus_1',
          setup_intent: {
            id: 'seti_1',
            status: 'succeeded',
            payment_method: { id: 'pm_1', card: { brand: 'visa', last4: '4242' } },
          },
        }),
    });
    expect(await provider.retrieveSetup('cs_1')).toEqual({
      customerId: 'cus_1',
      complete: true,
      paymentMethodId: 'pm_1',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect([...(fake.seen[0]?.form.values() ?? [])]).toContain('setup_intent.payment_method');
    expect(await provider.retrieveSetup('cs_unknown')).toBeNull();
  });

  it('charges through an invoice (item, finalize, pay) with idempotency keys and the registration number', async () => {
    fake.answer({
      'GET /v1/invoices': () => invoicesAnswer(),
      'POST /v1/invoices': () => invoiceAnswer('in_1', 'draft', 0),
      'GET /v1/tax_rates': () => ({
        body: { object: 'list', data: [], has_more: false, url: '/v1/tax_rates' },
      }),
      'POST /v1/tax_rates': () => answerWith('tax_rate', 'txr_1'),
      'POST /v1/invoiceitems': () => answerWith('invoiceitem', 'ii_1'),
      'POST /v1/invoices/in_1/finalize': () => invoiceAnswer('in_1', 'open', 110),
      'POST /v1/invoices/in_1/pay': () => invoiceAnswer('in_1', 'paid', 110),
    });
    expect(await provider.charge(charge)).toBe('in_1');
    expect(fake.seen.map((r) => `${r.method} ${r.path} ${r.idempotencyKey ?? ''}`.trim())).toEqual([
      'GET /v1/invoices',
      'POST /v1/invoices invoice-uuid-1:invoice',
      'GET /v1/tax_rates',
      'POST /v1/tax_rates tax-rate:jct-10-inclusive',
      'POST /v1/invoiceitems invoice-uuid-1:item',
      'POST /v1/invoices/in_1/finalize invoice-uuid-1:finalize',
      'POST /v1/invoices/in_1/pay invoice-uuid-1:pay:1',
    ]);
    const invoice = Object.fromEntries(fake.seen[1]?.form ?? []);
    expect(invoice).toMatchObject({
      customer: 'cus_1',
      currency: 'jpy',
      collection_method: 'charge_automatically',
      default_payment_method: 'pm_1',
      'custom_fields[0][name]': '登録番号',
      'custom_fields[0][value]': 'T1234567890123',
      'metadata[quiz_points_invoice]': 'invoice-uuid-1',
    });
    // Qualified on Stripe's side too: the item carries the 10 % consumption tax, included in its amount.
    expect(Object.fromEntries(fake.seen[3]?.form ?? [])).toMatchObject({
      display_name: '消費税',
      percentage: '10',
      inclusive: 'true',
      country: 'JP',
      tax_type: 'jct',
      'metadata[quiz_points]': 'jct-10-inclusive',
    });
    expect(Object.fromEntries(fake.seen[4]?.form ?? [])).toMatchObject({
      invoice: 'in_1',
      amount: '110',
      currency: 'jpy',
      'tax_rates[0]': 'txr_1',
    });

    // The next invoice reuses the rate without asking again.
    fake.answer({
      'GET /v1/invoices': () => invoicesAnswer(),
      'POST /v1/invoices': () => invoiceAnswer('in_3', 'draft', 0),
      'POST /v1/invoiceitems': () => answerWith('invoiceitem', 'ii_3'),
      'POST /v1/invoices/in_3/finalize': () => invoiceAnswer('in_3', 'open', 110),
      'POST /v1/invoices/in_3/pay': () => invoiceAnswer('in_3', 'paid', 110),
    });
    expect(await provider.charge({ ...charge, idempotencyKey: 'invoice-uuid-3' })).toBe('in_3');
    expect(fake.seen.some((r) => r.path === '/v1/tax_rates')).toBe(false);
    expect(fake.seen.find((r) => r.path === '/v1/invoiceitems')?.form.get('tax_rates[0]')).toBe('txr_1');
  });

  it('uses the tax rate it created before (found by its tag) rather than creating another', async () => {
    const { port } = fake.server.address() as AddressInfo;
    const fresh = createStripePaymentProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_fake',
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
    fake.answer({
      'GET /v1/invoices': () => invoicesAnswer(),
      'POST /v1/invoices': () => invoiceAnswer('in_4', 'draft', 0),
      'GET /v1/tax_rates': () => ({
        body: {
          object: 'list',
          data: [
            { id: 'txr_other', object: 'tax_rate', metadata: {} },
            { id: 'txr_ours', object: 'tax_rate', metadata: { quiz_points: 'jct-10-inclusive' } },
          ],
          has_more: false,
          url: '/v1/tax_rates',
        },
      }),
      'POST /v1/invoiceitems': () => answerWith('invoiceitem', 'ii_4'),
      'POST /v1/invoices/in_4/finalize': () => invoiceAnswer('in_4', 'open', 110),
      'POST /v1/invoices/in_4/pay': () => invoiceAnswer('in_4', 'paid', 110),
    });
    expect(await fresh.charge({ ...charge, idempotencyKey: 'invoice-uuid-4' })).toBe('in_4');
    expect(fake.seen.some((r) => r.method === 'POST' && r.path === '/v1/tax_rates')).toBe(false);
    expect(fake.seen.find((r) => r.path === '/v1/invoiceitems')?.form.get('tax_rates[0]')).toBe('txr_ours');
  });

  it('finds an invoice it already paid (after the 24-hour key window) instead of charging again', async () => {
    fake.answer({
      'GET /v1/invoices': () =>
        invoicesAnswer(
          invoiceAnswer('in_1', 'paid', 110, { metadata: { quiz_points_invoice: 'invoice-uuid-1' } }).body,
        ),
    });
    expect(await provider.charge(charge)).toBe('in_1');
    expect(fake.seen.map((r) => r.method)).toEqual(['GET']);
  });

  it('reports a declined payment as an error', async () => {
    fake.answer({
      'GET /v1/invoices': () => invoicesAnswer(),
      'POST /v1/invoices': () => invoiceAnswer('in_2', 'open', 110),
      'POST /v1/invoices/in_2/pay': () => ({
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      }),
    });
    await expect(provider.charge(charge)).rejects.toThrow('Your card was declined.');
  });

  it('pays a declined invoice again with a new card under a new key for the new attempt', async () => {
    fake.answer({
      'GET /v1/invoices': () =>
        invoicesAnswer(
          invoiceAnswer('in_2', 'open', 110, { metadata: { quiz_points_invoice: 'invoice-uuid-1' } }).body,
        ),
      'POST /v1/invoices/in_2/pay': () => invoiceAnswer('in_2', 'paid', 110),
    });
    expect(await provider.charge({ ...charge, paymentMethodId: 'pm_2', attempt: 2 })).toBe('in_2');
    expect(fake.seen.map((r) => `${r.method} ${r.path} ${r.idempotencyKey ?? ''}`.trim())).toEqual([
      'GET /v1/invoices',
      'POST /v1/invoices/in_2/pay invoice-uuid-1:pay:2',
    ]);
    expect(fake.seen[1]?.form.get('payment_method')).toBe('pm_2');
  });

  it('opens the customer portal with the return URL', async () => {
    fake.answer({
      'POST /v1/billing_portal/sessions': () =>
        answerWith('billing_portal.session', 'bps_1', { url: 'https://billing.stripe.com/p/session/x' }),
    });
    expect(
      await provider.createPortalSession({ customerId: 'cus_1', returnUrl: 'https://qp.example/advertiser' }),
    ).toBe('https://billing.stripe.com/p/session/x');
    expect(Object.fromEntries(fake.seen[0]?.form ?? [])).toMatchObject({
      customer: 'cus_1',
      return_url: 'https://qp.example/advertiser',
    });
  });

  it('verifies webhook signatures with the endpoint secret', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1', object: 'checkout.session', mode: 'setup' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_fake' });
    expect(provider.parseWebhook(Buffer.from(payload), signature)).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      action: { kind: 'setupCompleted', sessionId: 'cs_1' },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => provider.parseWebhook(Buffer.from(payload), forged)).toThrow(InvalidWebhookError);
    expect(() => provider.parseWebhook(Buffer.from(payload), undefined)).toThrow(InvalidWebhookError);
  });

  it('reads failed and paid invoices (ours only), new cards, and leaves other events alone', () => {
    const ours = '6f1c2b1e-8d2a-4c3b-9e4f-0a1b2c3d4e5f';
    const parse = (type: string, object: object) => {
      const { payload, signature } = signStripeEvent(
        { id: `evt_${type}`, type, data: { object } },
        'whsec_fake',
      );
      return provider.parseWebhook(Buffer.from(payload), signature).action;
    };
    const invoice = {
      id: 'in_9',
      object: 'invoice',
      customer: 'cus_1',
      total: 330,
      metadata: { quiz_points_invoice: ours },
    };
    expect(parse('invoice.payment_failed', invoice)).toEqual({
      kind: 'chargeFailed',
      invoiceId: ours,
      reason: 'Stripe invoice in_9 payment failed',
      customerId: 'cus_1',
      amount: 330,
    });
    expect(parse('invoice.paid', { ...invoice, customer: { id: 'cus_1', object: 'customer' } })).toEqual({
      kind: 'chargePaid',
      invoiceId: ours,
      providerInvoiceId: 'in_9',
      customerId: 'cus_1',
      amount: 330,
    });
    expect(parse('invoice.payment_failed', { ...invoice, metadata: { quiz_points_invoice: 'x' } })).toEqual({
      kind: 'none',
    });
    expect(parse('invoice.payment_failed', { ...invoice, metadata: {} })).toEqual({ kind: 'none' });
    expect(
      parse('payment_method.attached', {
        id: 'pm_9',
        object: 'payment_method',
        type: 'card',
        customer: 'cus_1',
        card: { brand: 'jcb', last4: '0005' },
      }),
    ).toEqual({
      kind: 'cardAttached',
      customerId: 'cus_1',
      paymentMethodId: 'pm_9',
      cardBrand: 'jcb',
      cardLast4: '0005',
    });
    expect(parse('customer.created', { id: 'cus_2', object: 'customer' })).toEqual({ kind: 'none' });
    // An object without the fields acted on is refused, as a bad signature is.
    expect(() => parse('invoice.paid', { ...invoice, total: '330' })).toThrow(InvalidWebhookError);
    expect(() => parse('payment_method.attached', { id: 'pm_9', customer: 'cus_1' })).toThrow(
      InvalidWebhookError,
    );
  });
});
