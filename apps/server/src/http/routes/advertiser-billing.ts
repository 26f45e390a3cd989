import { cardSetupCompleteBody } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.ts';
import { toAdvertiserMe } from '../../domain/advertisers/to-advertiser-me.ts';
import { handlePaymentWebhook } from '../../domain/billing/handle-payment-webhook.ts';
import { openBillingPortal } from '../../domain/billing/open-billing-portal.ts';
import { recordCardSetup } from '../../domain/billing/record-card-setup.ts';
import { startCardSetup } from '../../domain/billing/start-card-setup.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { InvalidWebhookError, type PaymentWebhookEvent } from '../../services/payments/payment-provider.ts';
import type { RouteDeps } from '../app.ts';

/** Card registration, "view invoices" and the provider's webhooks (docs/decisions/008-advertisers.md). */
export async function registerAdvertiserBillingRoutes(
  app: FastifyInstance,
  { database, guards, payments, config }: RouteDeps,
) {
  const db = database.db;
  const publicUrl = config.publicUrl;

  app.post('/api/advertiser/card/setup-session', async (request) => {
    const user = await guards.requireAdvertiser(request);
    return startCardSetup({ db, payments, user, publicUrl });
  });

  app.post('/api/advertiser/card/complete', async (request) => {
    const user = await guards.requireAdvertiser(request);
    const { sessionId } = cardSetupCompleteBody.parse(request.body);
    await recordCardSetup({ db, payments, sessionId, userId: user.id });
    const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
    return { advertiser: await toAdvertiserMe(db, fresh ?? user, false) };
  });

  app.post('/api/advertiser/billing/portal', async (request) => {
    const user = await guards.requireAdvertiser(request);
    return openBillingPortal({ db, payments, user, publicUrl });
  });

  // The signature covers the exact bytes sent, so this one route keeps the body raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    // Provider events can be larger than the API's 64 KB limit.
    scope.post('/api/payments/webhook', { bodyLimit: 1024 * 1024 }, async (request) => {
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
      return { received: true, handled };
    });
  });
}
