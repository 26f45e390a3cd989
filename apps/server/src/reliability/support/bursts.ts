import type { TestHttpClient } from '../../test/http-client.ts';
import type { Cluster } from './cluster.ts';

export type Reply = { status: number; body: unknown };
export type Send = (on: TestHttpClient, index: number) => Promise<Reply>;

/**
 * `count` requests fired at the same instant from one signed-in browser, alternating between the
 * cluster's server processes (sessions live in the database, so each instance knows the browser).
 */
export function burst(cluster: Cluster, count: number, client: TestHttpClient, send: Send): Promise<Reply[]> {
  const instances = cluster.servers.map((server) => client.on(server.url));
  return Promise.all(Array.from({ length: count }, (_, i) => send(instances[i % instances.length]!, i)));
}

export const succeeded = (replies: Reply[]) => replies.filter((r) => r.status >= 200 && r.status < 300);

/** The distinct statuses, sorted: a burst's whole vocabulary of answers. */
export const statusesOf = (replies: Reply[]) => [...new Set(replies.map((r) => r.status))].sort();

/**
 * Requests a crash may cut off: `attempt` runs one and counts it completed or failed, never throwing;
 * `on(client, i)` is the client on the cluster's first or second server process by i, as they are at
 * the moment of the request (a restarted one has a new port).
 */
export function requestsAcrossCrash(cluster: Cluster) {
  const tally = { completed: 0, failed: 0 };
  return {
    tally,
    async attempt(request: () => Promise<unknown>) {
      try {
        await request();
        tally.completed++;
      } catch {
        tally.failed++;
      }
    },
    on: (client: TestHttpClient, i: number) => client.on(cluster.servers[i % 2]!.url),
  };
}
