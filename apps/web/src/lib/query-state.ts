import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../app/app.tsx';

/**
 * The answers a member's page was drawn with on the server (entry-server.tsx renderMemberPage), sent
 * as inert JSON beside it (`#query-state`), in the cache the app starts with: its first render reads
 * them instead of asking again, and draws the same markup. A chunk of its own, loaded only by such a
 * page, so the landing page's first download carries none of it. Unreadable answers start an empty
 * cache: the page then asks for them.
 */
export function queryClientOf(element: HTMLElement): QueryClient {
  const client = createQueryClient();
  try {
    hydrate(client, JSON.parse(element.textContent ?? '') as DehydratedState);
  } catch {
    client.clear();
  }
  return client;
}
