import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPostgresDatabase,
  freePort,
  type PostgresDatabase,
  waitUntilOk,
} from '../../../../../scripts/test-support.mjs';
import { type DatabaseHandle, openPostgres } from '../../db/client.ts';
import { repoRoot } from '../../paths.ts';
import { testConfig } from '../../test/test-app.ts';

/**
 * The production build, copied once per run by global setup so a rebuild mid-run cannot tear it: the
 * entry (as dist/main.js, turning source maps on) and the bundle it loads, with its source map.
 */
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main-reliability.js');
export const serverBundle = path.join(repoRoot, 'apps/server/dist/main-reliability.bundle.js');
const fixtureWebDist = path.join(repoRoot, 'apps/server/src/test/fixtures/web-dist');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote, for assertions on its log and for failure messages. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export interface ServerOptions {
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  port?: number;
  /** Wait for /readyz (default) or return as soon as the process is spawned. */
  waitUntilReady?: boolean;
  /** Another copy of the build to run (default serverEntry). */
  entry?: string;
}

/**
 * Starts `node apps/server/dist/main.js` as `npm start` would, in test mode. A free port can be
 * taken by someone else before the server binds it; then it tries another one.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const server = spawnServer({ ...options, port: options.port ?? (await freePort()) });
    try {
      if (options.waitUntilReady ?? true) await waitUntilReady(server);
      return server;
    } catch (error) {
      if (options.port !== undefined || attempt >= 3 || !server.output().includes('EADDRINUSE')) throw error;
    }
  }
}

function spawnServer(options: ServerOptions & { port: number }): ServerProcess {
  const { port } = options;
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [options.entry ?? serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SEED: 'never',
      TEST_AD_WAIT_SECONDS: '0',
      WEB_DIST_DIR: fixtureWebDist,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { url, port, child, output: () => log, exited };
}

export function waitUntilReady(server: ServerProcess, timeoutMs = 60_000) {
  return waitUntilOk(`${server.url}/readyz`, { child: server.child, output: server.output, timeoutMs });
}

/** SIGTERM (graceful) or SIGKILL (a crash), then waits for the process to end. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/**
 * What the test factories need from "an app": its URL, a database handle for arranging rows and
 * checking invariants, and the configuration the processes run with (the admin e-mail).
 */
export interface ClusterTarget {
  url: string;
  database: DatabaseHandle;
  config: ReturnType<typeof testConfig>;
}

export interface Cluster extends ClusterTarget {
  servers: ServerProcess[];
  postgres: PostgresDatabase;
  close(): Promise<void>;
}

/** `count` server processes on one fresh PostgreSQL database, started at the same moment. */
export async function startCluster(count = 2, env: Record<string, string> = {}): Promise<Cluster> {
  const postgres = await createPostgresDatabase('qp_rel');
  const servers = await Promise.all(
    Array.from({ length: count }, () => startServer({ databaseUrl: postgres.url, env })),
  );
  const database = await openPostgres(postgres.url, 10);
  return {
    url: servers[0]!.url,
    database,
    config: testConfig(),
    servers,
    postgres,
    async close() {
      await Promise.all(servers.map((server) => stopServer(server)));
      await database.close();
      await postgres.drop();
    },
  };
}

/** Starts server `index` again (after a crash) on the same database. */
export async function restartServer(cluster: Cluster, index: number) {
  await stopServer(cluster.servers[index]!, 'SIGKILL');
  cluster.servers[index] = await startServer({ databaseUrl: cluster.postgres.url });
  return cluster.servers[index]!;
}

/** A scratch folder under the system temp dir, for PGlite data folders and backups. */
export function scratchDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `qp-${prefix}-`));
}
