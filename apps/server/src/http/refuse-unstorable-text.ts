import { DomainError, isWellFormedText } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';

const isStorable = (text: string) => !text.includes('\u0000') && isWellFormedText(text);

/** Every string in a parsed path, query or body, keys included (iterative: no depth to overflow). */
function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isStorable(item)) return true;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (!isStorable(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/** A query whose %-escapes are not UTF-8 is kept undecoded by the parser; it is refused instead. */
function hasBrokenQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1) return false;
  try {
    decodeURIComponent(url.slice(start + 1));
    return false;
  } catch {
    return true;
  }
}

/**
 * Text PostgreSQL cannot hold fails deep inside a query (a 500) or is silently altered: a NUL
 * character, and half of a UTF-16 surrogate pair (JSON's "\ud800"), which a JSON column refuses and
 * a text column turns into "�". Such input is refused at the door, wherever it comes: path, query
 * or body, and for every route, including those whose body no shared schema reads (/api/auth/*).
 * Headers need nothing: Node refuses a NUL in them and reads their bytes as Latin-1.
 */
export function registerUnstorableTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (
      // A page's query is the browser app's to read, and a hand-typed `?x=50%` still opens it.
      (request.url.startsWith('/api/') && hasBrokenQuery(request.url)) ||
      holdsUnstorableText(request.params) ||
      holdsUnstorableText(request.query) ||
      holdsUnstorableText(request.body)
    ) {
      throw new DomainError('INVALID_CHARACTERS');
    }
  });
}
