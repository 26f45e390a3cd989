/**
 * Every page route of SPEC §2 (plus the development pages). The server answers these with the web
 * app; anything else gets the app's not-found page with a 404 status.
 */
export const pageRoutes = [
  '/',
  '/signup',
  '/quiz/:id',
  '/gift',
  '/point-history',
  '/exchange-history',
  '/withdrawal',
  '/sms-verification',
  '/howto',
  '/account',
  '/friends',
  '/demo',
  '/demo/ad',
  '/daily-quiz',
  '/terms',
  '/privacy',
  '/about',
  '/advertiser',
  '/advertiser/card-setup',
  '/advertiser/create-ad',
  '/advertiser/edit-ad/:id',
  '/advertiser/ads-status',
  '/advertiser/terms',
  '/advertiser/legal',
  // Beyond SPEC §2: the password-reset landing and each ad's report.
  '/advertiser/reset-password',
  '/advertiser/ads/:id/report',
  // Month-to-date spend and the qualified invoices.
  '/advertiser/billing',
  // The console's reports across ads, and the account.
  '/advertiser/reports',
  '/advertiser/account',
  '/admin',
  '/admin/review',
  '/admin/cloudworks',
  '/admin/create-quiz',
  // SPEC-NOTES: the admin's screen for pending gift requests.
  '/admin/gifts',
  // The gift-code inventory.
  '/admin/gift-codes',
  // The rest of the operator console.
  '/admin/settings',
  '/admin/users',
  '/admin/users/:id',
  '/admin/numbers',
  // お知らせ, read by members and posted by the admin.
  '/notices',
  '/admin/notices',
  // The advertiser list.
  '/admin/advertisers',
  '/admin/advertisers/:id',
  // Failed card charges, with a retry.
  '/admin/billing',
] as const;

/**
 * The page routes whose signed-out page needs no data and no session: the build pre-renders each to
 * HTML, and the server sends that HTML to a request without a session cookie (docs/performance.md).
 */
export const prerenderedPageRoutes = [
  '/',
  '/howto',
  '/terms',
  '/privacy',
  '/about',
  '/demo',
  '/demo/ad',
  '/advertiser',
  '/advertiser/terms',
  '/advertiser/legal',
] as const satisfies readonly (typeof pageRoutes)[number][];

const routeMatchers = pageRoutes.map((route) => new RegExp(`^${route.replace(/:[a-z]+/g, '[^/]+')}/?$`));

export function isPageRoute(pathname: string): boolean {
  return routeMatchers.some((matcher) => matcher.test(pathname));
}
