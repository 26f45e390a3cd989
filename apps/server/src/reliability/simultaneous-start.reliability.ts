import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../../scripts/test-support.mjs';
import { startServer, stopServer } from './support/cluster.ts';

/**
 * A scale-out or a deploy starts several instances at the same moment, possibly on a new database:
 * each runs the migrations and sets up the job queue. All of them must come up (they once could
 * deadlock creating the queue, and the loser exited).
 */
describe('instances started at the same moment on a new database', () => {
  it('all start, round after round', async () => {
    for (let round = 0; round < 3; round++) {
      const postgres = await createPostgresDatabase('qp_rel');
      const starts = await Promise.allSettled(
        Array.from({ length: 3 }, () => startServer({ databaseUrl: postgres.url })),
      );
      const failures = starts.flatMap((start) => (start.status === 'rejected' ? [String(start.reason)] : []));
      for (const start of starts) if (start.status === 'fulfilled') await stopServer(start.value);
      await postgres.drop();
      expect(failures, `round ${round}`).toEqual([]);
    }
  });
});
