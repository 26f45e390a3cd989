import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devPaymentCharges, devPaymentSessions } from '../../db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { parseStripeSignedEvent, signStripeEvent } from './stripe-webhook.ts';

export const DEV_PAYMENTS_PATH = '/dev/payments';
const PORTAL_TOKEN_SECONDS = 15 * 60;

const randomId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** Stripe's test card that is always declined; the stand-in declines it too. */
export const DECLINING_TEST_CARD = '4000000000000002';
/** What a declined charge says (Stripe's words for card_declined). */
export const DECLINED_MESSAGE = 'Your card was declined.';

/** Posts one signed event to the app's own webhook route, as the provider would. */
export type LocalEventSink = (delivery: { payload: string; signature: string }) => Promise<void>;

/** The stand-in: the provider's interface, plus where its signed events go. */
export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: 'local';
  /** Set once the app's webhook route exists (http/routes/dev-payments.ts); until then events are dropped. */
  deliverEventsTo(sink: LocalEventSink): void;
  /** Signs an event with the webhook secret and delivers it (a failed delivery is dropped, as a lost one). */
  sendEvent(type: string, object: object): Promise<void>;
}

export function isLocalPaymentProvider(payments: PaymentProvider): payments is LocalPaymentProvider {
  return payments.kind === 'local' && 'deliverEventsTo' in payments;
}

export interface LocalPaymentOptions {
  db: Database;
  publicUrl: string;
  /** Signs the short-lived invoice-page links. */
  secret: string;
  webhookSecret: string;
  now?: () => Date;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`dev-portal:${payload}`).digest('base64url');

/** A link to the stand-in invoice page that names one customer and expires. */
export function createPortalToken(secret: string, customerId: string, now: Date): string {
  const payload = `${customerId}.${Math.floor(now.getTime() / 1000) + PORTAL_TOKEN_SECONDS}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(secret, payload)}`;
}

/** The customer a portal token names, or null when it is forged or expired. */
export function verifyPortalToken(secret: string, token: string, now: Date): string | null {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const dot = payload.lastIndexOf('.');
  const expires = Number(payload.slice(dot + 1));
  if (!Number.isFinite(expires) || expires * 1000 < now.getTime()) return null;
  return payload.slice(0, dot);
}

/**
 * The local stand-in for Stripe: setup sessions and charges are rows in the database (so several
 * instances share them), the checkout and invoice pages are served by the app itself
 * (http/routes/dev-payments.ts), and a charge is recorded once per idempotency key and paid at most
 * once. A card registered as 4000 0000 0000 0002 declines. Like Stripe, it sends signed events
 * (invoice.payment_failed, invoice.paid, checkout.session.completed) to the app's webhook route.
 */
export function createLocalPaymentProvider(options: LocalPaymentOptions): LocalPaymentProvider {
  const { db, publicUrl } = options;
  const now = options.now ?? (() => new Date());
  let sink: LocalEventSink | null = null;

  async function sendEvent(type: string, object: object) {
    if (!sink) return;
    const delivery = signStripeEvent({ id: randomId('evt'), type, data: { object } }, options.webhookSecret);
    try {
      await sink(delivery);
    } catch {
      // A lost delivery: the charge's own outcome is recorded by whoever charged.
    }
  }

  async function declines(paymentMethodId: string) {
    const [session] = await db
      .select({ declines: devPaymentSessions.cardDeclines })
      .from(devPaymentSessions)
      .where(eq(devPaymentSessions.paymentMethodId, paymentMethodId))
      .limit(1);
    return session?.declines ?? false;
  }

  /** `declines` inside a statement: whether the card is the declining test card (one not set up here pays). */
  const declinesSql = (paymentMethodId: string) =>
    sql`coalesce((select card_declines from dev_payment_sessions where payment_method_id = ${paymentMethodId} limit 1), false)`;

  return {
    kind: 'local',
    deliverEventsTo(next) {
      sink = next;
    },
    sendEvent,
    async createCustomer() {
      return randomId('cus');
    },
    async createSetupSession({ customerId, successUrl, cancelUrl }) {
      const sessionId = randomId('cs');
      await db.insert(devPaymentSessions).values({ id: sessionId, customerId, successUrl, cancelUrl });
      return { sessionId, url: `${publicUrl}${DEV_PAYMENTS_PATH}/checkout/${sessionId}` };
    },
    async retrieveSetup(sessionId) {
      const session = await findLocalSetupSession(db, sessionId);
      if (!session) return null;
      return {
        customerId: session.customerId,
        complete: session.status === 'complete',
        paymentMethodId: session.paymentMethodId,
        cardBrand: session.cardBrand,
        cardLast4: session.cardLast4,
      };
    },
    async charge({ customerId, paymentMethodId, amount, description, idempotencyKey }) {
      const invoice = (id: string) => ({
        id,
        object: 'invoice',
        customer: customerId,
        total: amount,
        metadata: { quiz_points_invoice: idempotencyKey },
      });
      // The first charge of an invoice is one statement: recorded, and paid unless the card declines.
      const [created] = await db
        .insert(devPaymentCharges)
        .values({
          id: randomId('in'),
          idempotencyKey,
          customerId,
          amount,
          description,
          status: sql`case when ${declinesSql(paymentMethodId)} then 'open' else 'paid' end`,
        })
        .onConflictDoNothing({ target: devPaymentCharges.idempotencyKey })
        .returning({ id: devPaymentCharges.id, status: devPaymentCharges.status });
      if (created?.status === 'paid') {
        await sendEvent('invoice.paid', { ...invoice(created.id), status: 'paid' });
        return created.id;
      }
      // Charged before (a retry, or another run at the same moment), or declined just now.
      const [charge] = await db
        .select({ id: devPaymentCharges.id, status: devPaymentCharges.status })
        .from(devPaymentCharges)
        .where(eq(devPaymentCharges.idempotencyKey, idempotencyKey));
      if (!charge) throw new Error('the stand-in lost a charge');
      if (charge.status === 'paid') return charge.id;
      if (created || (await declines(paymentMethodId))) {
        await sendEvent('invoice.payment_failed', { ...invoice(charge.id), status: 'open' });
        throw new Error(DECLINED_MESSAGE);
      }
      const paid = await db
        .update(devPaymentCharges)
        .set({ status: 'paid' })
        .where(and(eq(devPaymentCharges.id, charge.id), eq(devPaymentCharges.status, 'open')))
        .returning({ id: devPaymentCharges.id });
      if (paid.length > 0) await sendEvent('invoice.paid', { ...invoice(charge.id), status: 'paid' });
      return charge.id;
    },
    async createPortalSession({ customerId }) {
      const token = createPortalToken(options.secret, customerId, now());
      return `${publicUrl}${DEV_PAYMENTS_PATH}/invoices?token=${encodeURIComponent(token)}`;
    },
    parseWebhook(rawBody, signature) {
      return parseStripeSignedEvent(rawBody, signature, options.webhookSecret);
    },
  };
}

/** One of the stand-in's checkout sessions, or null. */
export async function findLocalSetupSession(db: Database, sessionId: string) {
  const [session] = await db.select().from(devPaymentSessions).where(eq(devPaymentSessions.id, sessionId));
  return session ?? null;
}

/** The stand-in's checkout: records the test card on an open session (brand from the first digits). */
export async function completeLocalSetupSession(db: Database, sessionId: string, cardNumber: string) {
  const digits = cardNumber.replace(/\D/g, '');
  const brand = digits.startsWith('4')
    ? 'visa'
    : /^5[1-5]/.test(digits)
      ? 'mastercard'
      : /^35/.test(digits)
        ? 'jcb'
        : /^3[47]/.test(digits)
          ? 'amex'
          : 'unknown';
  const [session] = await db
    .update(devPaymentSessions)
    .set({
      status: 'complete',
      paymentMethodId: randomId('pm'),
      cardBrand: brand,
      cardLast4: digits.slice(-4),
      cardDeclines: digits === DECLINING_TEST_CARD,
    })
    .where(and(eq(devPaymentSessions.id, sessionId), eq(devPaymentSessions.status, 'open')))
    .returning();
  if (session) return session;
  // Submitted twice: the card recorded the first time stands.
  return findLocalSetupSession(db, sessionId);
}
