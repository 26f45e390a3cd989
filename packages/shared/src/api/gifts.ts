import {
  type GiftRequestView,
  type GiftType,
  giftRequestBody,
  issueGiftBody,
  type PendingGiftRequest,
  rejectGiftBody,
} from '../gifts.ts';
import { endpoint, responseOf } from './endpoint.ts';

export const listGiftTypes = endpoint('GET /api/gift-types', 'member', {
  response: responseOf<{ giftTypes: GiftType[] }>(),
});

/** SPEC §4, §9: a point exchange, in one statement with its debit. */
export const requestGift = endpoint('POST /api/gift-requests', 'memberSession', {
  body: giftRequestBody,
  example: { body: { giftType: 'amazon', points: 1000 } },
  status: 201,
  response: responseOf<GiftRequestView>(),
});

export const listGiftRequests = endpoint('GET /api/gift-requests', 'member', {
  response: responseOf<{ requests: GiftRequestView[] }>(),
});

export const listPendingGiftRequests = endpoint('GET /api/admin/gift-requests', 'admin', {
  response: responseOf<{ requests: PendingGiftRequest[] }>(),
});

export const issueGift = endpoint('POST /api/admin/gift-requests/:requestId/issue', 'admin', {
  body: issueGiftBody,
  example: { body: { giftCode: 'CODE-1234' } },
  response: responseOf<{ ok: true }>(),
});

export const rejectGift = endpoint('POST /api/admin/gift-requests/:requestId/reject', 'admin', {
  body: rejectGiftBody,
  example: { body: { reason: '重複' } },
  response: responseOf<{ ok: true }>(),
});
