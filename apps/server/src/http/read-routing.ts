import type { Audience, Endpoint } from '@quiz-points/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { REPLICA_CHECK_INTERVAL_MS } from '../db/replica.ts';

/**
 * Set on a console write's answer while a replica is configured: the writer's own `reads: 'replica'`
 * requests go to the primary until it expires, so a list fetched right after a change shows it.
 */
export const OWN_WRITES_COOKIE = 'qp.own_writes';
/** The consoles: their writes are followed by reads of what they changed. */
const consoleAudiences = new Set<Audience>(['advertiser', 'advertiserOrAdmin', 'admin']);

/**
 * Which database a declared route reads from: `reads: 'replica'` endpoints get the handle's reader
 * (the replica while it keeps up), except right after the same browser wrote through a console.
 */
export interface ReadRouting {
  readerFor(request: FastifyRequest): Database;
  /** After a console endpoint's successful write: the writer reads its own writes for a while (with a replica). */
  afterWrite?(reply: FastifyReply): void;
}

/** Whether a successful answer of this endpoint starts a while of reading from the primary. */
export const isConsoleWrite = (endpoint: Endpoint) =>
  endpoint.method !== 'GET' && endpoint.reads !== 'replica' && consoleAudiences.has(endpoint.audience);

const hasOwnWritesCookie = (cookieHeader: string | undefined) =>
  cookieHeader !== undefined &&
  new RegExp(`(?:^|;\\s*)${OWN_WRITES_COOKIE.replace('.', '\\.')}=1(?:;|$)`).test(cookieHeader);

export function createReadRouting(options: {
  database: Pick<DatabaseHandle, 'db' | 'reader' | 'replica'>;
  secureCookies: boolean;
}): ReadRouting {
  const { db, reader, replica } = options.database;
  if (!replica) return { readerFor: () => reader };
  // A check may find the replica up to its bound behind just before the next check: cover both.
  const maxAge = Math.ceil(replica.maxLagSeconds + REPLICA_CHECK_INTERVAL_MS / 1000);
  const cookie = [
    `${OWN_WRITES_COOKIE}=1`,
    'Path=/api',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secureCookies ? ['Secure'] : []),
  ].join('; ');
  return {
    readerFor: (request) => (hasOwnWritesCookie(request.headers.cookie) ? db : reader),
    afterWrite(reply) {
      if (reply.statusCode >= 200 && reply.statusCode < 300) reply.header('set-cookie', cookie);
    },
  };
}
