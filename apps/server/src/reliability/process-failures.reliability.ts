import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchDir, serverEntry, startServer } from './support/cluster.ts';

const rejectWhenReady = pathToFileURL(
  new URL('./support/reject-when-ready.mjs', import.meta.url).pathname,
).href;

/** The built server's own failures: said with a stack that names the sources, and a clean stop. */
describe('a failure nothing caught', () => {
  it('is logged as fatal with its stack, and the server stops as on SIGTERM, exiting 1', async () => {
    // The rejection may come before this test has seen the server ready: it waits for the exit.
    const server = await startServer({
      dataDir: scratchDir('process-failures'),
      env: { NODE_OPTIONS: `--import=${rejectWhenReady}`, LOG_LEVEL: 'info' },
      waitUntilReady: false,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('quiz-points is serving');
    const fatal = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) =>
          JSON.parse(line) as { level: number; msg: string; err?: { message: string; stack: string } },
      )
      .find((entry) => entry.level === 60);
    expect(fatal?.msg).toBe('unhandled promise rejection: shutting down');
    expect(fatal?.err?.message).toBe('a promise nobody awaited');
    expect(fatal?.err?.stack).toContain('reject-when-ready.mjs');
    // Then the graceful stop: in-flight requests finished, jobs and the database closed.
    expect(server.output()).toContain('shutting down: finishing in-flight requests');
  });

  it("names the server's TypeScript sources in its stack traces (source maps are on)", async () => {
    // A database that refuses the connection: the start fails, and says where with its stack.
    const server = await startServer({
      entry: serverEntry,
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nothing-here',
      waitUntilReady: false,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('ECONNREFUSED');
    expect(server.output()).toMatch(/at async main \(.*apps\/server\/src\/main\.ts:\d+:\d+\)/);
  });
});
