import { api } from '@quiz-points/shared';
import type { BillingServices } from '../../domain/billing/charge-invoice.ts';
import { listFailedCharges, listOwnFailedCharges } from '../../domain/billing/list-failed-charges.ts';
import { retryFailedCharge } from '../../domain/billing/retry-failed-charge.ts';
import type { Logger } from '../../domain/logger.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/** What charging an invoice needs, from the app's services and the request's logger. */
export function billingServices(deps: RouteDeps, log: Logger): BillingServices {
  return {
    db: deps.database.db,
    payments: deps.payments,
    mailer: deps.mailer,
    log,
    registrationNumber: deps.config.invoiceRegistrationNumber,
    publicUrl: deps.config.publicUrl,
  };
}

/** Failed payments: the advertiser's own, and the admin's list and retry (docs/decisions/018-failed-payments.md). */
export function paymentFailureRoutes(deps: RouteDeps) {
  const { db } = deps.database;
  return [
    defineRoute(api.paymentFailures.listOwnFailedCharges, async ({ viewer }) =>
      listOwnFailedCharges(db, viewer.id),
    ),
    defineRoute(api.paymentFailures.listFailedCharges, async ({ reader }) => listFailedCharges(reader)),
    defineRoute(api.paymentFailures.retryFailedCharge, async ({ viewer, params, request }) =>
      retryFailedCharge({
        services: billingServices(deps, request.log),
        invoiceId: params.invoiceId,
        adminId: viewer.id,
      }),
    ),
  ];
}
