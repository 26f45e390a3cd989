import { inject } from 'vitest';
import type { WorkerServers } from './global-setup.ts';

/** This worker's servers (global-setup.ts): the files that run beside this one use others. */
export function workerServers(): WorkerServers {
  const sets = inject('workerServers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const servers = sets[poolId - 1];
  if (!servers) throw new Error(`No servers for worker ${poolId} of ${sets.length}`);
  return servers;
}
