import { api } from '@quiz-points/shared';
import { listGiftRequests, listPendingGiftRequests } from '../../domain/gifts/list-gift-requests.ts';
import { requestGift } from '../../domain/gifts/request-gift.ts';
import { settleGiftRequest } from '../../domain/gifts/settle-gift-request.ts';
import { readSetting } from '../../domain/settings/read-setting.ts';
import type { RouteDeps } from '../app.ts';
import { defineRoute } from '../define-route.ts';

/** SPEC §4, §9: exchange, and the admin's fulfilment. */
export function giftRoutes({ database: { db }, mailer }: RouteDeps) {
  return [
    defineRoute(api.gifts.listGiftTypes, async () => ({ giftTypes: await readSetting(db, 'giftTypes') })),
    defineRoute(api.gifts.requestGift, async ({ viewer, body, request }) =>
      requestGift({ db, mailer, log: request.log, ...viewer, input: body }),
    ),
    defineRoute(api.gifts.listGiftRequests, async ({ viewer }) => ({
      requests: await listGiftRequests({ db, userId: viewer.id }),
    })),
    defineRoute(api.gifts.listPendingGiftRequests, async () => ({
      requests: await listPendingGiftRequests({ db }),
    })),
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
  ];
}
