import { z } from 'zod';
import {
  type GiftRequestView,
  type GiftType,
  giftRequestBody,
  issueGiftBody,
  type PendingGiftRequest,
  rejectGiftBody,
} from '../gifts.ts';
import { endpoint, responseOf } from './endpoint.ts';

const requestIdParams = z.object({ requestId: z.uuid() });

export const listGiftTypes = endpoint({
  method: 'GET',
  path: '/api/gift-types',
  audience: 'member',
  response: responseOf<{ giftTypes: GiftType[] }>(),
});

/** SPEC §4, §9: a point exchange, in one statement with its debit. */
export const requestGift = endpoint({
  method: 'POST',
  path: '/api/gift-requests',
  audience: 'memberSession',
  body: giftRequestBody,
  example: { body: { giftType: 'amazon', points: 1000 } },
  status: 201,
  response: responseOf<GiftRequestView>(),
});

export const listGiftRequests = endpoint({
  method: 'GET',
  path: '/api/gift-requests',
  audience: 'member',
  response: responseOf<{ requests: GiftRequestView[] }>(),
});

export const listPendingGiftRequests = endpoint({
  method: 'GET',
  path: '/api/admin/gift-requests',
  audience: 'admin',
  response: responseOf<{ requests: PendingGiftRequest[] }>(),
});

export const issueGift = endpoint({
  method: 'POST',
  path: '/api/admin/gift-requests/:requestId/issue',
  audience: 'admin',
  params: requestIdParams,
  body: issueGiftBody,
  example: { body: { giftCode: 'CODE-1234' } },
  response: responseOf<{ ok: true }>(),
});

export const rejectGift = endpoint({
  method: 'POST',
  path: '/api/admin/gift-requests/:requestId/reject',
  audience: 'admin',
  params: requestIdParams,
  body: rejectGiftBody,
  example: { body: { reason: '重複' } },
  response: responseOf<{ ok: true }>(),
});
