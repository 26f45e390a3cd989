export type { AdminFailedCharge, ChargeRetryResult, OwnFailedCharge } from './payment-failure-responses.ts';

/**
 * Failed payments' words that the server sends. Kept out of the main catalogue, which
 * every first page downloads (e2e/bundle-budget.e2e.ts): only the advertiser's and admin's pages
 * need them.
 */
export const paymentFailureMessages = {
  notFound: 'この請求は見つかりません。',
  notFailed: 'この請求は決済済みか、ほかの再決済を処理中です。一覧を更新してください。',
};
