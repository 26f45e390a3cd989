import { createCapturedMailer } from '../services/mail/captured-mailer.ts';
import { createLocalPaymentProvider } from '../services/payments/local-payment-provider.ts';
import { createCapturedSmsSender } from '../services/sms/captured-sms-sender.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';

/** A complete production configuration (nothing here is contacted: the outside services are swapped). */
export const productionEnv = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-real-secret-that-is-long-enough-0123456789',
  DATABASE_URL: 'postgres://unused.invalid/quiz',
  PUBLIC_URL: 'https://quiz-points.example',
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://mail.invalid:587',
  // Unreachable on purpose: better-auth reads discovery lazily and no Google sign-in happens here.
  GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:9/.well-known/openid-configuration',
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+815012345678',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused',
  INVOICE_REGISTRATION_NUMBER: 'T1234567890123',
  INVOICE_ISSUER_NAME: '株式会社テスト運営',
  GIFT_CODE_KEY: Buffer.alloc(32, 7).toString('base64'),
  IMAGE_STORAGE: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_BUCKET: 'quiz-points-images',
  S3_ACCESS_KEY_ID: 'unused-key-id',
  S3_SECRET_ACCESS_KEY: 'unused-secret',
};

/**
 * The app as production builds it, on a fresh PGlite, with the outside services swapped for
 * stand-ins kept in a database of their own (production would refuse them in its configuration).
 */
export async function createProductionTestApp(
  options: Pick<TestAppOptions, 'env' | 'listen' | 'mailer'> = {},
): Promise<TestApp> {
  const services = await createTestDatabase('pglite');
  const env = { ...productionEnv, ...options.env };
  const t = await createTestApp('pglite', {
    listen: options.listen,
    env,
    mailer: options.mailer ?? createCapturedMailer(services.db),
    sms: createCapturedSmsSender(services.db),
    payments: createLocalPaymentProvider({
      db: services.db,
      publicUrl: env.PUBLIC_URL,
      secret: env.AUTH_SECRET,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    }),
  });
  return {
    ...t,
    async close() {
      await t.close();
      await services.close();
    },
  };
}
