import type { TestHttpClient } from './http-client.ts';

/** The member's exchange of `points` for a gift of `giftType` (Amazon unless told), as the gift page sends it. */
export function requestGift<T>(client: TestHttpClient, points: number, giftType = 'amazon') {
  return client.json<T>('POST', '/api/gift-requests', { giftType, points });
}
