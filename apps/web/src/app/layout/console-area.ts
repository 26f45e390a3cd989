import type { Me } from '@quiz-points/shared';

/** Which console a page belongs to: the operator's, or a signed-in advertiser's. */
export type ConsoleArea = 'admin' | 'advertiser';

const within = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

/**
 * The console a page is drawn in, with the console's own header, navigation and footer instead of
 * the member's, or null for the site's. Every /admin page is the operator console's. An
 * /advertiser page is the advertiser console's for a signed-in advertiser, or the admin placing house
 * ads; a visitor there sees the site (the advertiser landing, its terms). While the session is being
 * read (only with a session cookie) an /advertiser page holds the console's frame.
 */
export function consoleAreaOf(
  pathname: string,
  me: Me | null | undefined,
  isPending: boolean,
): ConsoleArea | null {
  if (within(pathname, '/admin')) return 'admin';
  if (!within(pathname, '/advertiser')) return null;
  if (isPending) return 'advertiser';
  return me?.role === 'advertiser' || me?.isAdmin === true ? 'advertiser' : null;
}
