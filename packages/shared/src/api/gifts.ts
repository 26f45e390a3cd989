import { giftRequestBody, issueGiftBody, rejectGiftBody } from '../gifts.ts';
import {
  giftRequestsResponse,
  giftRequestView,
  giftTypesResponse,
  okResponse,
  pendingGiftRequestList,
} from '../responses/index.ts';
import { endpoint } from './endpoint.ts';

export const listGiftTypes = endpoint('GET /api/gift-types', 'member', giftTypesResponse);

/** SPEC §4, §9: a point exchange, in one statement with its debit. */
export const requestGift = endpoint('POST /api/gift-requests', 'memberSession', giftRequestView, {
  body: giftRequestBody,
  example: { body: { giftType: 'amazon', points: 1000 } },
  status: 201,
});

export const listGiftRequests = endpoint('GET /api/gift-requests', 'member', giftRequestsResponse);

export const listPendingGiftRequests = endpoint(
  'GET /api/admin/gift-requests',
  'admin',
  pendingGiftRequestList,
);

export const issueGift = endpoint('POST /api/admin/gift-requests/:requestId/issue', 'admin', okResponse, {
  body: issueGiftBody,
  example: { body: { giftCode: 'CODE-1234' } },
});

export const rejectGift = endpoint('POST /api/admin/gift-requests/:requestId/reject', 'admin', okResponse, {
  body: rejectGiftBody,
  example: { body: { reason: '重複' } },
});
