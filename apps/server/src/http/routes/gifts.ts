import { api } from '@quiz-points/shared';
import { createGiftCodeCipher } from '../../domain/gifts/gift-code-cipher.ts';
import { listGiftCodeStock, listOfferedGiftTypes } from '../../domain/gifts/gift-code-stock.ts';
import { listGiftCodes } from '../../domain/gifts/list-gift-codes.ts';
import { listGiftRequests, listPendingGiftRequests } from '../../domain/gifts/list-gift-requests.ts';
import { loadGiftCodes } from '../../domain/gifts/load-gift-codes.ts';
import { requestGift } from '../../domain/gifts/request-gift.ts';
import { settleGiftRequest } from '../../domain/gifts/settle-gift-request.ts';
import { withdrawGiftCode } from '../../domain/gifts/withdraw-gift-code.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/** SPEC §4, §9: exchange, the admin's fulfilment, and the gift-code inventory (decision 016). */
export function giftRoutes({ database: { db }, mailer, config }: RouteDeps) {
  const cipher = createGiftCodeCipher(config.giftCodeKey);
  return [
    defineRoute(api.gifts.listGiftTypes, async () => ({ giftTypes: await listOfferedGiftTypes({ db }) })),
    defineRoute(api.gifts.requestGift, async ({ viewer, body, request }) =>
      requestGift({ db, mailer, cipher, log: request.log, ...viewer, input: body }),
    ),
    defineRoute(api.gifts.listGiftRequests, async ({ viewer }) => ({
      requests: await listGiftRequests({ db, cipher, userId: viewer.id }),
    })),
    defineRoute(api.gifts.listPendingGiftRequests, async ({ reader, query }) =>
      listPendingGiftRequests({ db: reader, ...query }),
    ),
    defineRoute(api.gifts.issueGift, async ({ viewer, params, body, request }) => {
      const settlement = { kind: 'issue' as const, ...body };
      await settleGiftRequest({ db, mailer, log: request.log, ...params, adminId: viewer.id, settlement });
      return { ok: true as const };
    }),
    defineRoute(api.gifts.rejectGift, async ({ viewer, params, body, request }) => {
      const settlement = { kind: 'reject' as const, ...body };
      await settleGiftRequest({ db, mailer, log: request.log, ...params, adminId: viewer.id, settlement });
      return { ok: true as const };
    }),
    defineRoute(api.gifts.listGiftCodeStock, async ({ reader }) => ({
      stock: await listGiftCodeStock({ db: reader }),
    })),
    defineRoute(api.gifts.listGiftCodes, async ({ reader, query }) => ({
      codes: await listGiftCodes({ db: reader, ...query }),
    })),
    defineRoute(api.gifts.loadGiftCodes, async ({ viewer, body, request }) =>
      loadGiftCodes({ db, cipher, adminId: viewer.id, input: body, log: request.log }),
    ),
    defineRoute(api.gifts.withdrawGiftCode, async ({ viewer, params }) => {
      await withdrawGiftCode({ db, ...params, adminId: viewer.id });
      return { ok: true as const };
    }),
  ];
}
