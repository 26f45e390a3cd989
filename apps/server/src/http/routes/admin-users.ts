import { messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { users } from '../../db/schema.ts';
import { setSuspension } from '../../domain/accounts/set-suspension.ts';
import type { RouteDeps } from '../app.ts';
import { DomainError } from '../domain-error.ts';

const suspensionBody = z.strictObject({
  suspended: z.boolean(),
  reason: z.string().trim().max(300).optional(),
});

/** Admin: suspend or reinstate a user (signed out everywhere at once). */
export function registerAdminUserRoutes(app: FastifyInstance, { database, guards }: RouteDeps) {
  app.post<{ Params: { userId: string } }>('/api/admin/users/:userId/suspension', async (request) => {
    await guards.requireAdmin(request);
    const body = suspensionBody.parse(request.body);
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, request.params.userId));
    if (!user) throw new DomainError('NOT_FOUND', messages.userInfoNotFound);
    await setSuspension({ db: database.db, userId: user.id, suspended: body.suspended, reason: body.reason });
    return { ok: true };
  });
}
