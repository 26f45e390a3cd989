import { describe, expect, it } from 'vitest';
import { createAd, verifiedUserWithPoints } from '../test/factories.ts';
import { requestsAcrossCrash } from './support/bursts.ts';
import { restartServer, stopServer } from './support/cluster.ts';
import { expectInvariants } from './support/invariants.ts';
import { useCluster } from './support/use-cluster.ts';

/**
 * A server process killed (SIGKILL: no shutdown, no cleanup) while bursts of earning and exchange
 * requests run on it and on a second process: every business action is one transaction, so after
 * each crash and restart nothing is half-done.
 */
describe('an instance killed in the middle of bursts', () => {
  const cluster = useCluster();

  it('leaves no points without a ledger row and no delivery without its response row', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => verifiedUserWithPoints(cluster, 3000)));
    const ads = await Promise.all(
      Array.from({ length: 6 }, () => createAd(cluster.database.db, { maxDeliveries: 8 })),
    );

    for (let round = 0; round < 3; round++) {
      const { tally, attempt, on } = requestsAcrossCrash(cluster);
      const work = people.flatMap((person, p) => [
        ...ads.map((ad, a) =>
          attempt(async () => {
            await on(person.client, p + a).json('POST', `/api/ads/${ad.id}/click`);
            await on(person.client, p + a + 1).json('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
          }),
        ),
        ...[0, 1, 2].map((i) =>
          attempt(() =>
            on(person.client, p + i).json('POST', '/api/gift-requests', { giftType: 'amazon', points: 1000 }),
          ),
        ),
        attempt(() => on(person.client, p).json('POST', '/api/gacha/claim')),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 80 + round * 60));
      await stopServer(cluster.servers[0]!, 'SIGKILL');
      await Promise.all(work);
      expect(tally.failed, `round ${round}: requests cut off by the crash`).toBeGreaterThan(0);
      expect(tally.completed + tally.failed).toBe(work.length);

      await restartServer(cluster, 0);
      await expectInvariants(cluster.database.db);
    }
    const after = await people[0]!.client.on(cluster.servers[0]!.url).json('GET', '/api/me');
    expect(after.status).toBe(200);
  });
});
