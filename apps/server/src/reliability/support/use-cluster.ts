import { afterAll, beforeAll } from 'vitest';
import { type Cluster, startCluster } from './cluster.ts';
import { expectInvariants } from './invariants.ts';

/**
 * Two server processes on one fresh PostgreSQL database, started before the enclosing `describe`'s
 * tests and stopped after them; with `checkInvariants`, the books must balance at the end.
 */
export function useCluster(options: { checkInvariants?: boolean } = {}): Cluster {
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    cluster = await startCluster(2);
  });
  afterAll(async () => {
    if (!cluster) return;
    try {
      if (options.checkInvariants) await expectInvariants(cluster.database.db);
    } finally {
      await cluster.close();
    }
  });
  return new Proxy({} as Cluster, {
    get(_, key) {
      if (!cluster) throw new Error('useCluster: the cluster exists from beforeAll on');
      return Reflect.get(cluster, key);
    },
  });
}
