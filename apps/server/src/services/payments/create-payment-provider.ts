import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createLocalPaymentProvider } from './local-payment-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';

export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  return config.payments.provider === 'stripe'
    ? createStripePaymentProvider(config.payments)
    : createLocalPaymentProvider({
        db,
        publicUrl: config.publicUrl,
        secret: config.authSecret,
        webhookSecret: config.payments.webhookSecret,
      });
}
