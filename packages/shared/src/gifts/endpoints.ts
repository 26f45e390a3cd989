import { pendingGiftRequestsQuery } from '../admin/admin-console.ts';
import { pendingGiftRequestList } from '../admin/responses.ts';
import { adminSearch } from '../admin/search-endpoint.ts';
import { endpoint } from '../core/endpoint.ts';
import { okResponse } from '../core/responses.ts';
import { giftCodeStock, giftCodesLoaded, maskedGiftCodeList } from './code-responses.ts';
import {
  giftCodeListQuery,
  giftCodeMessages,
  giftRequestBody,
  issueGiftBody,
  loadGiftCodesBody,
  rejectGiftBody,
} from './gifts.ts';
import { giftRequestsResponse, giftRequestView, giftTypesResponse } from './responses.ts';

export const listGiftTypes = endpoint('GET /api/gift-types', 'member', giftTypesResponse);

/** SPEC §4, §9: a point exchange, in one statement with its debit. */
export const requestGift = endpoint('POST /api/gift-requests', 'memberSession', giftRequestView, {
  body: giftRequestBody,
  example: { body: { giftType: 'amazon', points: 1000 } },
  status: 201,
});

export const listGiftRequests = endpoint('GET /api/gift-requests', 'member', giftRequestsResponse);

/** The pending requests, oldest first, 50 a page, all or those of the people whose e-mail holds `q`. */
export const listPendingGiftRequests = adminSearch(
  'GET /api/admin/gift-requests',
  pendingGiftRequestList,
  pendingGiftRequestsQuery,
  'row',
);

export const issueGift = endpoint('POST /api/admin/gift-requests/:requestId/issue', 'admin', okResponse, {
  body: issueGiftBody,
  example: { body: { giftCode: 'CODE-1234' } },
});

export const rejectGift = endpoint('POST /api/admin/gift-requests/:requestId/reject', 'admin', okResponse, {
  body: rejectGiftBody,
  example: { body: { reason: '重複' } },
});

/** The gift-code inventory (decision 016): stock per gift type and amount. */
export const listGiftCodeStock = endpoint('GET /api/admin/gift-codes/stock', 'admin', giftCodeStock, {
  reads: 'replica',
});

/** One gift type and amount's codes, masked, newest first. */
export const listGiftCodes = endpoint('GET /api/admin/gift-codes', 'admin', maskedGiftCodeList, {
  reads: 'replica',
  query: giftCodeListQuery,
  example: { query: { giftType: 'amazon', amount: '1000' } },
});

/** Loads a CSV of codes for one gift type and amount: all of them, or none. */
export const loadGiftCodes = endpoint('POST /api/admin/gift-codes', 'admin', giftCodesLoaded, {
  body: loadGiftCodesBody,
  example: { body: { giftType: 'amazon', amount: 1000, csv: 'EXAMPLE-CODE-0001\n' } },
  status: 201,
});

/** Takes a code not yet issued out of stock. */
export const withdrawGiftCode = endpoint('POST /api/admin/gift-codes/:codeId/withdraw', 'admin', okResponse, {
  notFound: giftCodeMessages.notFound,
});
