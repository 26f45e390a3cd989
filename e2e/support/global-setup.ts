import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase, freePort, waitUntilOk } from '../../scripts/test-support.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

/** The servers of one worker; the URL of a server the chosen files do not use is ''. */
export interface WorkerServers {
  /** On PGlite with a 3-second ad wait, as `npm start` but for the wait. */
  baseUrl: string;
  /** On PGlite with the real 30-second wait. */
  realWaitBaseUrl: string;
  /** On PostgreSQL, whose database tests may fill directly with ads. */
  postgresBaseUrl: string;
  postgresDatabaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One set a worker (index: VITEST_POOL_ID - 1), so that files running at once never share a server. */
    workerServers: WorkerServers[];
  }
}

interface RunningServer {
  url: string;
  process: ChildProcess;
  dataParent: string;
}

/** Starts the production build on a fresh PGlite folder, as `npm start` would, and waits until ready. */
async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataParent = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-e2e-'));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: 'localhost',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: path.join(dataParent, 'data'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilOk(`${url}/readyz`, { child });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { url, process: child, dataParent };
}

async function stopServer(server: RunningServer) {
  if (server.process.exitCode === null) {
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(server.dataParent, { recursive: true, force: true });
}

/** Options of the vitest command line that take a value: their values are no file filters. */
const OPTIONS_WITH_VALUES = new Set([
  '--project',
  '--config',
  '-c',
  '--reporter',
  '--testNamePattern',
  '-t',
  '--root',
  '-r',
  '--dir',
  '--shard',
  '--outputFile',
  '--pool',
  '--maxWorkers',
  '--testTimeout',
  '--hookTimeout',
  '--bail',
  '--retry',
  '--tags',
]);

/** The e2e files this run asked for: the command line's file filters (substrings of a path), or all. */
function selectedFiles(): string[] {
  const all = fs
    .readdirSync(path.join(repoRoot, 'e2e'))
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => `e2e/${name}`);
  const args = process.argv.slice(2);
  const filters = args.filter(
    (arg, i) => !arg.startsWith('-') && arg !== 'run' && !OPTIONS_WITH_VALUES.has(args[i - 1] ?? ''),
  );
  const chosen = all.filter((file) => filters.some((filter) => file.includes(filter)));
  return chosen.length > 0 ? chosen : all;
}

/** Which of the three servers the chosen files use (a file that names no server opens the main one). */
function serversNeeded(files: string[]) {
  const needed = { main: false, realWait: false, postgres: false };
  for (const file of files) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    const realWait = text.includes("server: 'realWait'");
    const postgres = /server: 'postgres'|support\/postgres\.ts/.test(text);
    needed.realWait ||= realWait;
    needed.postgres ||= postgres;
    needed.main ||= /useBrowser\((\)|\{(?![^}]*server: ))/.test(text) || (!realWait && !postgres);
  }
  return needed;
}

/** How many files vitest runs at once: the project's setting, else the run's, else its default. */
function maxWorkers(project: TestProject) {
  const set = Number(project.config.maxWorkers) || Number(project.vitest.config.maxWorkers);
  return set || Math.max(os.availableParallelism() - 1, 1);
}

/** Starts one worker's servers: only those the chosen files use. */
async function startWorkerServers(needed: ReturnType<typeof serversNeeded>) {
  const database = needed.postgres ? await createPostgresDatabase('qp_e2e') : undefined;
  // The short wait is a test-only setting; the second server keeps the real 30 seconds.
  const [main, realWait, postgres] = await Promise.all([
    needed.main ? startServer({ TEST_AD_WAIT_SECONDS: '3' }) : undefined,
    needed.realWait ? startServer({}) : undefined,
    database ? startServer({ TEST_AD_WAIT_SECONDS: '3', DATABASE_URL: database.url }) : undefined,
  ]);
  const urls: WorkerServers = {
    baseUrl: main?.url ?? '',
    realWaitBaseUrl: realWait?.url ?? '',
    postgresBaseUrl: postgres?.url ?? '',
    postgresDatabaseUrl: database?.url ?? '',
  };
  const stop = async () => {
    await Promise.all([main, realWait, postgres].map((server) => server && stopServer(server)));
    await database?.drop();
  };
  return { urls, stop };
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build (npm test does it for you).');
  const files = selectedFiles();
  // Only the servers the chosen files use are started: one file's run starts one or two, not three.
  const needed = serversNeeded(files);
  // Files run side by side, each worker on servers of its own: no file sees another's settings,
  // rate limits or ads change under it. No more sets than files.
  const workers = Math.min(files.length, maxWorkers(project));
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startWorkerServers(needed)));
  const stopAll = () =>
    Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'workerServers',
    started.map((result) => (result as PromiseFulfilledResult<{ urls: WorkerServers }>).value.urls),
  );
  return stopAll;
}
