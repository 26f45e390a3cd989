import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftRequests, pointTransactions, users } from '../db/schema.ts';
import { postgresKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe.each(postgresKinds())('exchange exactly once under concurrency on %s', (kind) => {
  const t = useTestApp(kind);

  it('lets exactly floor(B / A) of 200 simultaneous requests through and never overdraws', async () => {
    const granted = 4590;
    const { client, uid } = await t.as.user({ points: granted });
    const balance = granted + 10;
    const amount = 1000;
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        client.json('POST', '/api/gift-requests', { giftType: 'amazon', points: amount }),
      ),
    );
    const succeeded = responses.filter((r) => r.status === 201).length;
    expect(succeeded).toBe(Math.floor(balance / amount));
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, uid));
    expect(user?.points).toBe(balance - succeeded * amount);
    expect(await t.database.db.select().from(giftRequests).where(eq(giftRequests.userId, uid))).toHaveLength(
      succeeded,
    );
  });

  it('settles a request once when 50 issue and reject actions arrive at once', async () => {
    const { client, uid } = await t.as.user({ points: 1000 });
    const created = await client.json<{ id: string }>('POST', '/api/gift-requests', {
      giftType: 'amazon',
      points: 1000,
    });
    const admin = await t.as.admin();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? admin.json('POST', `/api/admin/gift-requests/${created.body.id}/issue`, { giftCode: `CODE-${i}` })
          : admin.json('POST', `/api/admin/gift-requests/${created.body.id}/reject`, { reason: '重複' }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refunds = await t.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.ref, created.body.id));
    const [request] = await t.database.db
      .select()
      .from(giftRequests)
      .where(eq(giftRequests.id, created.body.id));
    // One debit, plus one refund only if the winner was a rejection.
    expect(refunds).toHaveLength(request?.status === 'rejected' ? 2 : 1);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, uid));
    expect(user?.points).toBe(request?.status === 'rejected' ? 1010 : 10);
  });
});
