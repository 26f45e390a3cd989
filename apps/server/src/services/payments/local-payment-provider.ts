import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devPaymentCharges, devPaymentSessions } from '../../db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { parseStripeSignedEvent } from './stripe-webhook.ts';

export const DEV_PAYMENTS_PATH = '/dev/payments';
const PORTAL_TOKEN_SECONDS = 15 * 60;

const randomId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

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
 * (http/routes/dev-payments.ts), and a charge is recorded once per idempotency key.
 */
export function createLocalPaymentProvider(options: LocalPaymentOptions): PaymentProvider {
  const { db, publicUrl } = options;
  const now = options.now ?? (() => new Date());
  return {
    kind: 'local',
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
    async charge({ customerId, amount, description, idempotencyKey }) {
      await db
        .insert(devPaymentCharges)
        .values({ id: randomId('in'), idempotencyKey, customerId, amount, description })
        .onConflictDoNothing({ target: devPaymentCharges.idempotencyKey });
      const [charge] = await db
        .select({ id: devPaymentCharges.id })
        .from(devPaymentCharges)
        .where(eq(devPaymentCharges.idempotencyKey, idempotencyKey));
      if (!charge) throw new Error('the stand-in lost a charge');
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
    })
    .where(and(eq(devPaymentSessions.id, sessionId), eq(devPaymentSessions.status, 'open')))
    .returning();
  if (session) return session;
  // Submitted twice: the card recorded the first time stands.
  return findLocalSetupSession(db, sessionId);
}
