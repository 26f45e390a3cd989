import { DomainError } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';

/** No request of the API nests deeper than a few levels; 32 leaves room and bounds every walk. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text opens more than `limit` arrays or objects inside each other (strings skipped). */
function nestsDeeperThan(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const character = json[index];
    if (inString) {
      if (character === '\\') index++;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '[' || character === '{') {
      if (++depth > limit) return true;
    } else if (character === ']' || character === '}') depth--;
  }
  return false;
}

/**
 * JSON bodies as Fastify parses them (prototype-poisoning keys refused, the body limit), but no
 * deeper than MAX_JSON_DEPTH: thousands of levels would overflow the stack of whatever walks the
 * value later (JSON.stringify, a validator, a logger) and answer 500. Counted on the text, before
 * the value is built. Register before any route, so every scope inherits it.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new DomainError('BODY_TOO_DEEP'));
    return parseJson(request, text, done);
  });
}
