import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase, freePort, waitUntilOk } from '../../scripts/test-support.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    realWaitBaseUrl: string;
    /** A server on PostgreSQL, whose database tests may fill directly with ads. */
    postgresBaseUrl: string;
    postgresDatabaseUrl: string;
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

export default async function setup(project: TestProject) {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build (npm test does it for you).');
  const database = await createPostgresDatabase('qp_e2e');
  // The short wait is a test-only setting; the second server keeps the real 30 seconds.
  const [main, realWait, postgres] = await Promise.all([
    startServer({ TEST_AD_WAIT_SECONDS: '3' }),
    startServer({}),
    startServer({ TEST_AD_WAIT_SECONDS: '3', DATABASE_URL: database.url }),
  ]);
  project.provide('baseUrl', main.url);
  project.provide('realWaitBaseUrl', realWait.url);
  project.provide('postgresBaseUrl', postgres.url);
  project.provide('postgresDatabaseUrl', database.url);
  return async () => {
    await Promise.all([stopServer(main), stopServer(realWait), stopServer(postgres)]);
    await database.drop();
  };
}
