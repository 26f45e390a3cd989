import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/domain-error.ts';
import { listGiftRequests, listPendingGiftRequests } from '../../domain/gifts/list-gift-requests.ts';
import { requestGift } from '../../domain/gifts/request-gift.ts';
import { settleGiftRequest } from '../../domain/gifts/settle-gift-request.ts';
import { readSetting } from '../../domain/settings/read-setting.ts';
import type { RouteDeps } from '../app.ts';

const requestIdParam = z.object({ requestId: z.uuid() });

export function registerGiftRoutes(app: FastifyInstance, { database, guards, mailer }: RouteDeps) {
  const db = database.db;
  const requestIdOf = (params: unknown) => {
    const parsed = requestIdParam.safeParse(params);
    if (!parsed.success) throw new DomainError('NOT_FOUND');
    return parsed.data.requestId;
  };

  app.get('/api/gift-types', async (request) => {
    await guards.requireMember(request);
    return { giftTypes: await readSetting(db, 'giftTypes') };
  });

  app.post('/api/gift-requests', async (request, reply) => {
    // One round trip: the session, the member rule and the exchange are one statement.
    const sessionToken = await guards.sessionToken(request);
    const created = await requestGift({ db, mailer, log: request.log, sessionToken, input: request.body });
    return reply.status(201).send(created);
  });

  app.get('/api/gift-requests', async (request) => {
    const user = await guards.requireMember(request);
    return { requests: await listGiftRequests({ db, userId: user.id }) };
  });

  app.get('/api/admin/gift-requests', async (request) => {
    await guards.requireAdmin(request);
    return { requests: await listPendingGiftRequests({ db }) };
  });

  app.post('/api/admin/gift-requests/:requestId/issue', async (request) => {
    const admin = await guards.requireAdmin(request);
    const requestId = requestIdOf(request.params);
    const settlement = { kind: 'issue' as const, input: request.body };
    await settleGiftRequest({ db, mailer, log: request.log, requestId, adminId: admin.id, settlement });
    return { ok: true };
  });

  app.post('/api/admin/gift-requests/:requestId/reject', async (request) => {
    const admin = await guards.requireAdmin(request);
    const requestId = requestIdOf(request.params);
    const settlement = { kind: 'reject' as const, input: request.body };
    await settleGiftRequest({ db, mailer, log: request.log, requestId, adminId: admin.id, settlement });
    return { ok: true };
  });
}
