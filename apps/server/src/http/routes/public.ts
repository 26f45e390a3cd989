import { materialRequestBody, pageViewBody } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import { recordPageView } from '../../domain/analytics/record-page-view.ts';
import { requestMaterials } from '../../domain/materials/request-materials.ts';
import type { RouteDeps } from '../app.ts';

export function registerPublicRoutes(app: FastifyInstance, { database, mailer, config }: RouteDeps) {
  app.post('/api/material-requests', async (request, reply) => {
    const { email } = materialRequestBody.parse(request.body);
    await requestMaterials({ db: database.db, mailer, email, ip: request.ip, publicUrl: config.publicUrl });
    return reply.status(201).send({ ok: true });
  });

  // 204 whether stored or dropped over the address's limit (see recordPageView).
  app.post('/api/analytics/page-views', async (request, reply) => {
    const { path } = pageViewBody.parse(request.body);
    await recordPageView({ db: database.db, path, userId: null, ip: request.ip });
    return reply.status(204).send();
  });
}
