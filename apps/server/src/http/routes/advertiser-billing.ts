import { api, DomainError } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import { companyOf, updateCompanyDetails } from '../../domain/billing/company-details.ts';
import { completeCardSetup } from '../../domain/billing/complete-card-setup.ts';
import { getBillingOverview } from '../../domain/billing/get-billing-overview.ts';
import { getInvoicePdf } from '../../domain/billing/get-invoice-pdf.ts';
import { handlePaymentWebhook } from '../../domain/billing/handle-payment-webhook.ts';
import { openBillingPortal } from '../../domain/billing/open-billing-portal.ts';
import { startCardSetup } from '../../domain/billing/start-card-setup.ts';
import { InvalidWebhookError, type PaymentWebhookEvent } from '../../services/payments/payment-provider.ts';
import { defineRoute, registerRoutes } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';
import { billingServices } from './payment-failures.ts';

/**
 * Card registration and "view invoices" (docs/decisions/008-advertisers.md); spend, invoices as
 * PDF and the invoices' addressee (docs/decisions/017-qualified-invoices.md).
 */
export function advertiserBillingRoutes(deps: RouteDeps) {
  const {
    database: { db },
    payments,
    config: { publicUrl, invoiceIssuerName, invoiceRegistrationNumber },
  } = deps;
  const issuer = { name: invoiceIssuerName, registrationNumber: invoiceRegistrationNumber };
  return [
    defineRoute(api.billing.startCardSetup, async ({ viewer }) =>
      startCardSetup({ db, payments, user: viewer, publicUrl }),
    ),
    defineRoute(api.billing.completeCardSetup, async ({ viewer, body, request }) =>
      completeCardSetup({ services: billingServices(deps, request.log), user: viewer, input: body }),
    ),
    defineRoute(api.billing.openBillingPortal, async ({ viewer }) =>
      openBillingPortal({ db, payments, user: viewer, publicUrl }),
    ),
    defineRoute(api.billing.getCompanyDetails, async ({ viewer }) => ({ company: companyOf(viewer) })),
    defineRoute(api.billing.updateCompanyDetails, async ({ viewer, body }) => ({
      company: await updateCompanyDetails(db, viewer.id, body),
    })),
    defineRoute(api.billing.getBillingOverview, async ({ viewer, reader }) =>
      getBillingOverview(reader, viewer.id),
    ),
    defineRoute(api.billing.downloadInvoicePdf, async ({ viewer, params, reply, request }) => {
      const { pdf, fileName } = await getInvoicePdf({
        db,
        advertiserId: viewer.id,
        invoiceId: params.invoiceId,
        issuer,
        log: request.log,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    }),
  ];
}

/**
 * The provider's events, in a scope of their own: the signature covers the exact bytes sent, so this
 * one route keeps the body raw.
 */
export async function registerPaymentWebhook(app: FastifyInstance, deps: RouteDeps) {
  const { payments, guards, checkResponses } = deps;
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
          const services = billingServices(deps, request.log);
          const { handled } = await handlePaymentWebhook({ services, event });
          return { received: true as const, handled };
        }),
      ],
      { checkResponses },
    );
  });
}
