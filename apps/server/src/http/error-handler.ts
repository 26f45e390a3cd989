import { DomainError, defaultMessage, type ErrorBody, type ErrorCode, errorCodes } from '@quiz-points/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { securityHeadersOf } from './security-headers.ts';

/** Fastify's own client errors (bad JSON, wrong content type, too large) mapped into the table. */
const clientErrorCodes: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function send(reply: FastifyReply, code: ErrorCode, message = defaultMessage(code)) {
  const body: ErrorBody = { error: { code, message } };
  return reply.status(errorCodes[code].status).send(body);
}

/** Network errors and PostgreSQL's connection-failure and shutdown classes (08xxx, 57P0x). */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const unreachableSqlStates = /^(08\d{3}|57P0[1-3])$/;

/** A lost or refused database connection (the pool reconnects by itself): 503, try again. */
function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unreachableCodes.has(code) || unreachableSqlStates.test(code)))
      return true;
    if (
      /Connection terminated|connection timeout|Connection refused|connection error and is not queryable/i.test(
        current.message,
      )
    )
      return true;
    current = current.cause;
  }
  return false;
}

/** The single error model: every failure leaves as { error: { code, message } } with a Japanese message. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof DomainError) return send(reply, error.code, error.message);
    if (error instanceof ZodError) return send(reply, 'VALIDATION', error.issues[0]?.message);
    const status = 'statusCode' in error ? error.statusCode : undefined;
    if (status && status >= 400 && status < 500) {
      request.log.info({ err: error }, 'rejected request');
      // An upload over its size says so in its own words (an ad's image: 5 MB).
      const upload = request.routeOptions.config.endpoint?.upload;
      if (status === 413 && upload) return send(reply, upload.tooLarge);
      return send(reply, clientErrorCodes[status] ?? 'BAD_REQUEST');
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return send(reply, 'UNAVAILABLE');
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 'INTERNAL');
  });
}

/**
 * Fastify's router refuses some URLs before any route or hook runs (a malformed URL, a path
 * parameter over the length limit): they leave in the same error model.
 */
export async function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'rejected request');
  reply.headers(await securityHeadersOf(request.server));
  return send(reply, 'BAD_REQUEST');
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, 'NOT_FOUND');
}
