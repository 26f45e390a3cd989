// What the benches share (bench.mjs, bench-scale.mjs, bench-web.mjs): the local database they insist
// on, the session cookie they sign as the server would, and the load average every figure records.
import os from 'node:os';
import { POSTGRES_ADMIN_URL, SESSION_COOKIE_NAME, signSessionToken } from '../scripts/test-support.mjs';

/** Stops `bench` (its name, for the message) unless the database is on this machine. */
export function requireLocalPostgres(bench) {
  if (!['127.0.0.1', 'localhost'].includes(new URL(POSTGRES_ADMIN_URL).hostname)) {
    throw new Error(`${bench} only uses a database on this machine (127.0.0.1), not ${POSTGRES_ADMIN_URL}`);
  }
}

/**
 * better-auth's signed session cookie (HMAC-SHA256 of the token with AUTH_SECRET), for a server
 * started with `secret`.
 */
export const sessionCookieSigner = (secret) => (token) =>
  `${SESSION_COOKIE_NAME}=${signSessionToken(token, secret)}`;

/** The 1, 5 and 15 minute load averages: how busy the machine was while a figure was taken. */
export const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));
