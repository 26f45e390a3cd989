import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../route-deps.ts';

export function registerHealthRoutes(app: FastifyInstance, { database }: RouteDeps) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
