import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../../../../scripts/test-support.mjs';
import { scratchDir } from './cluster.ts';

const run = promisify(execFile);

/** PostgreSQL's programs (initdb, pg_ctl, pg_basebackup): PG_BIN_DIR, or Debian's PostgreSQL 15. */
const binDir = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export type Server = 'primary' | 'replica';

/**
 * A primary and its streaming replica of our own, in a scratch folder: the shared test PostgreSQL
 * refuses replication connections and its settings are not a test's to change.
 */
export interface StreamingPair {
  /** The app's database on the primary, and the same database on the replica. */
  primaryUrl: string;
  replicaUrl: string;
  /** One statement on a server's copy of the database (a fresh connection each time). */
  query<Row extends pg.QueryResultRow>(server: Server, text: string): Promise<Row[]>;
  /** `pg_ctl stop -m immediate`: the replica vanishes as in a crash. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Both servers stopped and the folder removed, whatever state they are in. */
  close(): Promise<void>;
}

/** PostgreSQL refuses to run as root (as tests do in CI): then its programs run as `postgres`. */
async function asPostgres(program: string, args: string[]) {
  const command = path.join(binDir, program);
  const asRoot = process.getuid?.() === 0;
  try {
    return await run(
      asRoot ? 'runuser' : command,
      asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
      {
        timeout: 60_000,
      },
    );
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${program} ${args.join(' ')} failed: ${stderr ?? String(error)}`);
  }
}

function settings(folder: string, port: number) {
  return [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${folder}'`,
    'wal_level = replica',
    'max_wal_senders = 4',
    'hot_standby = on',
    // Which statements each server ran: the test's evidence of where reads went.
    "shared_preload_libraries = 'pg_stat_statements'",
    'shared_buffers = 32MB',
    // A throwaway pair: durability buys the test nothing.
    'fsync = off',
    'full_page_writes = off',
  ].join('\n');
}

/**
 * initdb a primary (wal_level=replica, replication allowed from 127.0.0.1), create `database` on it,
 * `pg_basebackup -R` a replica, and start both on free ports.
 */
export async function startStreamingPair(database: string): Promise<StreamingPair> {
  if (!fs.existsSync(path.join(binDir, 'pg_basebackup'))) {
    throw new Error(`PostgreSQL's programs are not in ${binDir}: set PG_BIN_DIR`);
  }
  const folder = scratchDir('replica');
  const primaryDir = path.join(folder, 'primary');
  const replicaDir = path.join(folder, 'replica');
  const started: string[] = [];
  const stop = async (dir: string) => {
    await asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
  };
  const start = async (dir: string, log: string) => {
    await asPostgres('pg_ctl', ['-D', dir, '-l', path.join(folder, log), '-w', '-t', '60', 'start']);
    if (!started.includes(dir)) started.push(dir);
  };
  const close = async () => {
    for (const dir of [...started].reverse()) await stop(dir);
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    if (process.getuid?.() === 0) await run('chown', ['postgres:', folder]);
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    await asPostgres('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), `\n${settings(folder, primaryPort)}\n`);
    fs.appendFileSync(
      path.join(primaryDir, 'pg_hba.conf'),
      '\nhost replication postgres 127.0.0.1/32 trust\n',
    );
    await start(primaryDir, 'primary.log');
    const url = (port: number, name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
    const admin = new pg.Client({ connectionString: url(primaryPort, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`create database ${database}`);
    } finally {
      await admin.end();
    }
    const app = new pg.Client({ connectionString: url(primaryPort, database) });
    await app.connect();
    try {
      await app.query('create extension pg_stat_statements');
    } finally {
      await app.end();
    }
    await asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    // The copied settings name the primary's port; the last line wins.
    fs.appendFileSync(path.join(replicaDir, 'postgresql.conf'), `\nport = ${replicaPort}\n`);
    await start(replicaDir, 'replica.log');

    const urls = { primary: url(primaryPort, database), replica: url(replicaPort, database) };
    return {
      primaryUrl: urls.primary,
      replicaUrl: urls.replica,
      async query<Row extends pg.QueryResultRow>(server: Server, text: string) {
        const client = new pg.Client({ connectionString: urls[server], connectionTimeoutMillis: 5000 });
        await client.connect();
        try {
          return (await client.query<Row>(text)).rows;
        } finally {
          await client.end();
        }
      },
      stopReplica: () => stop(replicaDir),
      startReplica: () => start(replicaDir, 'replica.log'),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
