import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
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
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return { url, process: child, dataParent };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server at ${url} did not become ready within 60 s`);
}

async function stopServer(server: RunningServer) {
  if (server.process.exitCode === null) {
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(server.dataParent, { recursive: true, force: true });
}

const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `qp_e2e_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The browser tests need PostgreSQL at ${postgresAdminUrl} (set TEST_POSTGRES_URL): ${String(error)}`,
    );
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build (npm test does it for you).');
  const database = await createPostgresDatabase();
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
