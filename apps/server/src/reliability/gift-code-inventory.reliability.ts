import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCodes, giftRequests } from '../db/schema.ts';
import { signedInAdmin, userSession } from '../test/factories.ts';
import { burst, succeeded } from './support/bursts.ts';
import { useCluster } from './support/use-cluster.ts';

/**
 * The gift-code inventory across two server processes on one PostgreSQL (decision 016): 200
 * exchanges at once from 20 people, spread over both instances, against 150 codes in stock. Every
 * code goes to exactly one request, the other 50 wait for the admin, and nobody is charged twice.
 */
describe('two instances, one database: the gift-code inventory', () => {
  const cluster = useCluster({ checkInvariants: true });

  it('gives each of 150 codes to exactly one of 200 simultaneous exchanges', async () => {
    const admin = await signedInAdmin(cluster);
    const loaded = Array.from({ length: 150 }, (_, i) => `INVENTORY-${String(i).padStart(4, '0')}`);
    const upload = await admin.json('POST', '/api/admin/gift-codes', {
      giftType: 'amazon',
      amount: 1000,
      csv: loaded.join('\n'),
    });
    expect(upload).toMatchObject({ status: 201, body: { loaded: 150 } });

    const people = await Promise.all(
      Array.from({ length: 20 }, () => userSession(cluster, { points: 10_000 })),
    );
    const replies = (
      await Promise.all(
        people.map((person) =>
          burst(cluster, 10, person.client, (on) =>
            on.json('POST', '/api/gift-requests', { giftType: 'amazon', points: 1000 }),
          ),
        ),
      )
    ).flat();
    expect(succeeded(replies)).toHaveLength(200);

    const views = replies.map(
      (reply) => reply.body as { id: string; status: string; giftCode: string | null },
    );
    const issued = views.filter((view) => view.status === 'issued');
    expect(issued).toHaveLength(150);
    expect(new Set(issued.map((view) => view.giftCode))).toEqual(new Set(loaded));
    expect(views.filter((view) => view.status === 'pending')).toHaveLength(50);

    const codes = await cluster.database.db.select().from(giftCodes);
    expect(codes.every((code) => code.status === 'issued')).toBe(true);
    expect(new Set(codes.map((code) => code.giftRequestId)).size).toBe(150);
    const requests = await cluster.database.db
      .select()
      .from(giftRequests)
      .where(
        inArray(
          giftRequests.userId,
          people.map((person) => person.uid),
        ),
      );
    expect(
      requests
        .filter((request) => request.status === 'issued')
        .map((request) => request.id)
        .sort(),
    ).toEqual(codes.map((code) => code.giftRequestId).sort());
  });
});
