import { endpoint } from '../core/endpoint.ts';
import {
  adminFailedChargeList,
  chargeRetryResult,
  ownFailedChargeList,
} from './payment-failure-responses.ts';
import { paymentFailureMessages } from './payment-failures.ts';

// Failed payments (docs/decisions/018-failed-payments.md).

/** The advertiser's invoices that failed to charge (their deliveries are held until paid). */
export const listOwnFailedCharges = endpoint(
  'GET /api/advertiser/billing/failed-charges',
  'advertiser',
  ownFailedChargeList,
);

/** Every failed charge, oldest failure first. */
export const listFailedCharges = endpoint('GET /api/admin/failed-charges', 'admin', adminFailedChargeList, {
  reads: 'replica',
});

/** Charges a failed invoice again (same idempotency key: never twice), audited. */
export const retryFailedCharge = endpoint(
  'POST /api/admin/failed-charges/:invoiceId/retry',
  'admin',
  chargeRetryResult,
  { notFound: paymentFailureMessages.notFound },
);
