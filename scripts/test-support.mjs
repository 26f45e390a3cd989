// What the server tests, the reliability suites, the browser tests and the benches share: where the
// test PostgreSQL is, throwaway databases on it, free ports, waiting for a server to be ready,
// better-auth's signed session cookie and how Chromium is launched. Plain JavaScript (typed by
// test-support.d.mts) because the benches run under plain `node`.
import { createHmac, randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/** The test PostgreSQL server's maintenance database (TEST_POSTGRES_URL, or a local trust login). */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A port nobody listens on right now (someone may still take it before it is bound). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs `work` on a client of the maintenance database; an unreachable server says where it looked. */
async function withAdminClient(work) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new Error(
      `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable (set TEST_POSTGRES_URL): ${String(error)}`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Throws unless the test PostgreSQL answers. */
export function checkPostgres() {
  return withAdminClient((client) => client.query('select 1'));
}

/**
 * A new database on the test PostgreSQL, named `<prefix>_<random>`, dropped by `drop()`: empty, or a
 * copy of `template` (a database nobody is connected to, such as the migrated one the server tests
 * make once per run).
 */
export async function createPostgresDatabase(prefix, { template } = {}) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withAdminClient((client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

/**
 * Polls `url` until it answers 2xx. Fails at once when `child` (the process serving it) exits,
 * and after `timeoutMs`; `output` adds what the process wrote to the error. Three servers migrating
 * at once on a loaded 2-core machine took over a minute to start (seen at load average 15–20), so
 * the default wait is three minutes: a server that crashes still fails at once.
 */
export async function waitUntilOk(url, { child, output, timeoutMs = 180_000 } = {}) {
  const log = () => (output ? `:\n${output()}` : '');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode})${log()}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms${log()}`);
}

/** better-auth's cookie prefix (services/identity/auth.ts AUTH_COOKIE_PREFIX). */
export const SESSION_COOKIE_NAME = 'qp.session_token';

/** A session token as better-auth signs it into its cookie (HMAC-SHA256 with the secret), URL-encoded. */
export function signSessionToken(token, secret) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

/** Debian's Chromium unless CHROMIUM_PATH says otherwise, and the flags every headless run uses. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The text of a PDF as a reader would copy it, page by page, through PDF.js (pdfjs-dist, a dev
 * dependency): text whose font has no ToUnicode map would not come out as the words. The invoice tests
 * (server and browser) read the qualified invoice's fields with it.
 * @param {Uint8Array} pdf
 * @returns {Promise<string>}
 */
export async function pdfText(pdf) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const document = await loading.promise;
  try {
    const pages = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      );
    }
    return pages.join('\n');
  } finally {
    // PDF.js 6 ends a document through the task that loaded it.
    await loading.destroy();
  }
}

/**
 * Repeatable pseudo-random numbers in [0, 1) (mulberry32): the same seed gives the same sequence, so a
 * test's failure can be replayed and a bench's plan is the same at every build.
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
