import { endpoint } from '@quiz-points/shared';
import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute, type RouteOptions, registerRoutes } from './define-route.ts';
import type { Guards } from './guards.ts';

const answer = endpoint('GET /contract/answer', 'anyone', z.strictObject({ ok: z.literal(true) }));

/** An app with one declared route answering `body` (an object, or prepared JSON text as the hot paths send). */
async function appAnswering(body: unknown, options: RouteOptions) {
  const app = Fastify({ logger: false });
  await registerRoutes(
    app,
    {} as Guards,
    [
      defineRoute(answer, async ({ reply }) =>
        typeof body === 'string'
          ? (reply.type('application/json').send(body) as FastifyReply)
          : (body as { ok: true }),
      ),
    ],
    options,
  );
  return app;
}

describe('the response contract check (the test app runs it on every declared route)', () => {
  it('passes an answer the declaration describes, as an object or as prepared JSON', async () => {
    for (const body of [{ ok: true }, '{"ok":true}']) {
      const app = await appAnswering(body, { checkResponses: true });
      const response = await app.inject('/contract/answer');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      await app.close();
    }
  });

  it('fails an answer with a field the declaration does not have, or a wrong value, and says so', async () => {
    const logged: string[] = [];
    // Said on console.error, which fails any other test (test/fail-on-console-error.ts): caught here.
    const consoleError = vi.mocked(console.error);
    const failOnConsoleError = consoleError.getMockImplementation();
    consoleError.mockImplementation((message: string) => logged.push(message));
    try {
      for (const body of [{ ok: true, passwordHash: 'x' }, '{"ok":false}', { ok: 'yes' }]) {
        const app = await appAnswering(body, { checkResponses: true });
        const response = await app.inject('/contract/answer');
        expect(response.statusCode).toBe(500);
        await app.close();
      }
    } finally {
      consoleError.mockImplementation(failOnConsoleError ?? (() => {}));
    }
    expect(logged).toHaveLength(3);
    expect(logged[0]).toMatch(
      /^GET \/contract\/answer answered outside its declared response:.*passwordHash/s,
    );
  });

  it('leaves answers alone when it is off (production)', async () => {
    const app = await appAnswering({ ok: true, extra: 1 }, {});
    expect((await app.inject('/contract/answer')).statusCode).toBe(200);
    await app.close();
  });
});
