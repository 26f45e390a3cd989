import type { z } from 'zod';
import { endpoint } from '../core/endpoint.ts';

/** A valid cursor of each kind an admin list pages by: the last person listed, or the last row's id. */
const cursorExamples = { person: 'nobody', row: '00000000-0000-4000-8000-000000000000' };

/**
 * Declares an admin list searched by `q` and read a page at a time from `cursor` (of the kind the list
 * pages by), answered from the replica: people, advertisers, the review queue, the gift requests. Its
 * example searches for 'example' from a cursor of that kind.
 */
export function adminSearch<
  const R extends `GET /api/admin/${string}`,
  const S extends z.ZodType,
  const Q extends z.ZodType,
>(route: R, response: S, query: Q, cursor: keyof typeof cursorExamples) {
  return endpoint(route, 'admin', response, {
    reads: 'replica',
    query,
    example: { query: { q: 'example', cursor: cursorExamples[cursor] } },
  });
}
