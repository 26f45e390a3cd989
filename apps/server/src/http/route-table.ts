import type { Endpoint } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  /** The declaration it was registered from (http/define-route.ts); absent on the plain routes. */
  endpoint?: Endpoint;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, so a test can walk a whole audience's API (every /api/admin/ one). */
    routeTable: readonly RouteEntry[];
  }
}

export function recordRouteTable(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, endpoint: route.config?.endpoint });
  });
}
