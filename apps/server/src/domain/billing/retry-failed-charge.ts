import { type ChargeRetryResult, paymentFailureMessages } from '@quiz-points/shared';
import { invoices } from '../../db/schema.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { guardedUpdateRefusal } from '../guarded-update-refusal.ts';
import { type BillingServices, chargeInvoice, claimFailedInvoice } from './charge-invoice.ts';

/**
 * The admin's retry of one failed charge: the invoice is claimed (`failed` → `charging`, one more
 * attempt) and the retry audited in one transaction, so of many retries at once one charges and the
 * others are told it is no longer failed (409). The charge keeps the invoice id as its idempotency
 * key; success lifts the 'billing' hold when nothing else of the advertiser is failed, failure keeps
 * it (chargeInvoice).
 */
export async function retryFailedCharge(options: {
  services: BillingServices;
  invoiceId: string;
  adminId: string;
}): Promise<ChargeRetryResult> {
  const { services, invoiceId, adminId } = options;
  const attempt = await services.db.transaction(async (tx) => {
    const claimed = await claimFailedInvoice(tx, invoiceId);
    if (claimed === null) {
      throw await guardedUpdateRefusal(tx, invoices.id, invoiceId, {
        conflict: paymentFailureMessages.notFailed,
        notFound: paymentFailureMessages.notFound,
      });
    }
    await recordAdminAction(tx, {
      action: 'retry_invoice',
      targetId: invoiceId,
      details: { attempt: claimed },
      actedBy: adminId,
      actedAt: new Date(),
    });
    return claimed;
  });
  return { result: await chargeInvoice(services, invoiceId, attempt) };
}
