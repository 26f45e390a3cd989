import { api } from '@quiz-points/shared';
import { recordPageView } from '../../domain/analytics/record-page-view.ts';
import { requestMaterials } from '../../domain/materials/request-materials.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/** What a visitor may send without signing in. */
export function publicRoutes({ database: { db }, mailer, config }: RouteDeps) {
  return [
    defineRoute(api.visitors.requestMaterials, async ({ body, request }) => {
      await requestMaterials({
        db,
        mailer,
        log: request.log,
        ...body,
        ip: request.ip,
        publicUrl: config.publicUrl,
      });
      return { ok: true as const };
    }),
    defineRoute(api.visitors.recordPageView, async ({ body, request, reply }) => {
      await recordPageView({ db, ...body, userId: null, ip: request.ip });
      return reply.send();
    }),
  ];
}
