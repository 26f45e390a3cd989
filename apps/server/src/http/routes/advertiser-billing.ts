import { api } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import { completeCardSetup } from '../../domain/billing/complete-card-setup.ts';
import { handlePaymentWebhook } from '../../domain/billing/handle-payment-webhook.ts';
import { openBillingPortal } from '../../domain/billing/open-billing-portal.ts';
import { startCardSetup } from '../../domain/billing/start-card-setup.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { InvalidWebhookError, type PaymentWebhookEvent } from '../../services/payments/payment-provider.ts';
import type { RouteDeps } from '../app.ts';
import { defineRoute, registerRoutes } from '../define-route.ts';

/** Card registration and "view invoices" (docs/decisions/008-advertisers.md). */
export function advertiserBillingRoutes({ database: { db }, payments, config: { publicUrl } }: RouteDeps) {
  return [
    defineRoute(api.billing.startCardSetup, async ({ viewer }) =>
      startCardSetup({ db, payments, user: viewer, publicUrl }),
    ),
    defineRoute(api.billing.completeCardSetup, async ({ viewer, body }) =>
      completeCardSetup({ db, payments, user: viewer, input: body }),
    ),
    defineRoute(api.billing.openBillingPortal, async ({ viewer }) =>
      openBillingPortal({ db, payments, user: viewer, publicUrl }),
    ),
  ];
}

/**
 * The provider's events, in a scope of their own: the signature covers the exact bytes sent, so this
 * one route keeps the body raw.
 */
export async function registerPaymentWebhook(
  app: FastifyInstance,
  { database: { db }, payments, guards, checkResponses }: RouteDeps,
) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    // Provider events can be larger than the API's 64 KB limit.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    await registerRoutes(
      scope,
      guards,
      [
        defineRoute(api.billing.receivePaymentWebhook, async ({ request }) => {
          const signature = request.headers['stripe-signature'];
          let event: PaymentWebhookEvent;
          try {
            event = payments.parseWebhook(
              Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
              typeof signature === 'string' ? signature : undefined,
            );
          } catch (error) {
            if (error instanceof InvalidWebhookError) {
              request.log.warn({ reason: error.message }, 'payment webhook refused');
              throw new DomainError('BAD_REQUEST');
            }
            throw error;
          }
          const { handled } = await handlePaymentWebhook({ db, payments, event });
          return { received: true as const, handled };
        }),
      ],
      { checkResponses },
    );
  });
}
