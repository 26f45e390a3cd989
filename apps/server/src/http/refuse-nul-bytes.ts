import type { FastifyInstance } from 'fastify';
import { DomainError } from './domain-error.ts';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold a NUL character: a string with one would fail deep inside a query
 * (a 500). Such input is refused at the door instead, wherever it comes: path, query or JSON body.
 */
export function registerNulByteCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new DomainError('BAD_REQUEST');
    }
  });
}
