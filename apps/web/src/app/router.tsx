import type { ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { HomePage, preloadHomePage } from '../features/home/index.ts';
import { lazyWithPreload } from '../lib/lazy-with-preload.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { type Audience, preloadGuard, RouteGroup } from './route-groups.tsx';

type PageRoute = {
  index?: true;
  path?: string;
  Page: ComponentType;
  preload?: () => Promise<ComponentType | undefined>;
};

type PageLoader = () => Promise<{ default: ComponentType }>;

// Pages other than the landing page load on demand, so the first page stays small.
const lazyPage = (path: string, load: PageLoader): PageRoute => {
  const { Component, preload } = lazyWithPreload(load);
  return { path, Page: Component, preload };
};

/**
 * The advertiser's and the admin's pages load their loaders on demand too (console-pages.ts): the first
 * page of every member and visitor carries only their paths.
 */
const consolePage = (path: string) =>
  lazyPage(path, () => import('./console-pages.ts').then(({ consolePages }) => consolePages[path]!()));

/** Each path's page, loaded on demand, in the order the group lists them. */
const lazyPages = (loaders: Record<string, PageLoader>) =>
  Object.entries(loaders).map(([path, load]) => lazyPage(path, load));

const publicPages: Record<string, PageLoader> = {
  demo: () => import('../features/demo/components/demo-page.tsx'),
  'demo/ad': () => import('../features/demo/components/demo-ad-page.tsx'),
  terms: () => import('../features/static-pages/components/terms-page.tsx'),
  privacy: () => import('../features/static-pages/components/privacy-page.tsx'),
  about: () => import('../features/static-pages/components/about-page.tsx'),
  howto: () => import('../features/static-pages/components/howto-page.tsx'),
  advertiser: () => import('../features/advertiser-landing/components/advertiser-landing-page.tsx'),
  'advertiser/terms': () => import('../features/static-pages/components/advertiser-terms-page.tsx'),
  'advertiser/legal': () => import('../features/static-pages/components/advertiser-legal-page.tsx'),
  'advertiser/reset-password': () => import('../features/advertisers/components/reset-password-page.tsx'),
  '*': () => import('../features/placeholders/components/not-found-page.tsx'),
};

const memberPages: Record<string, PageLoader> = {
  'quiz/:id': () => import('../features/earning/components/quiz-page.tsx'),
  gift: () => import('../features/gifts/components/gift-page.tsx'),
  'point-history': () => import('../features/earning/components/point-history-page.tsx'),
  'exchange-history': () => import('../features/gifts/components/exchange-history-page.tsx'),
  withdrawal: () => import('../features/accounts/components/withdrawal-page.tsx'),
  'sms-verification': () => import('../features/accounts/components/sms-verification-page.tsx'),
  account: () => import('../features/accounts/components/account-page.tsx'),
  friends: () => import('../features/referrals/components/friends-page.tsx'),
  'daily-quiz': () => import('../features/earning/components/daily-quiz-page.tsx'),
  notices: () => import('../features/notices/components/notices-page.tsx'),
};

/** A guarded group's pages: loading one ahead loads the guard it renders under too. */
const guarded = (routes: PageRoute[]): PageRoute[] =>
  routes.map((route) => ({
    ...route,
    preload: () => Promise.all([preloadGuard(), route.preload?.()]).then(([, page]) => page),
  }));

/** The pages by audience: each group's layout applies its guard once (route-groups.tsx). */
const groups: Record<Audience, PageRoute[]> = {
  public: [{ index: true, Page: HomePage, preload: preloadHomePage }, ...lazyPages(publicPages)],
  signup: guarded(lazyPages({ signup: () => import('../features/accounts/components/signup-page.tsx') })),
  member: guarded(lazyPages(memberPages)),
  advertiser: guarded(
    [
      'advertiser/card-setup',
      'advertiser/create-ad',
      'advertiser/edit-ad/:id',
      'advertiser/ads-status',
      'advertiser/billing',
      'advertiser/ads/:id/report',
      'advertiser/reports',
      'advertiser/account',
    ].map(consolePage),
  ),
  admin: guarded(
    [
      'admin',
      'admin/review',
      'admin/cloudworks',
      'admin/create-quiz',
      'admin/gifts',
      'admin/gift-codes',
      'admin/settings',
      'admin/users',
      'admin/users/:id',
      'admin/numbers',
      'admin/notices',
      'admin/advertisers',
      'admin/advertisers/:id',
      'admin/billing',
    ].map(consolePage),
  ),
};

const pages = Object.values(groups).flat();

const matchable = pages.map(({ index, path }) => (index ? { index } : { path }));

function pageAt(pathname: string): PageRoute | undefined {
  const match = matchRoutes([{ path: '/', children: matchable }], pathname)?.at(-1);
  return match ? pages[matchable.indexOf(match.route)] : undefined;
}

/**
 * Loads the code the page at `pathname` renders first: the page's own chunk, or for the landing page
 * its FAQ's. Resolves with the component loaded, if any.
 */
export function preloadPage(pathname: string): Promise<ComponentType | undefined> {
  return pageAt(pathname)?.preload?.() ?? Promise.resolve(undefined);
}

/**
 * Every page under the one layout, in its audience's group: each group's layout applies its guard
 * and error boundary once (route-groups.tsx). React Router's declarative mode (not the data router)
 * keeps the first download small: docs/performance.md, "JavaScript budget".
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {Object.entries(groups).map(([audience, group]) => (
          <Route key={audience} element={<RouteGroup audience={audience as Audience} />}>
            {group.map(({ index, path, Page }) => (
              <Route key={path ?? 'index'} index={index} path={path} element={<Page />} />
            ))}
          </Route>
        ))}
      </Route>
    </Routes>
  );
}
