import type { ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { HomePage, preloadHomePage } from '../features/home/components/home-page.tsx';
import { lazyWithPreload } from '../lib/lazy-with-preload.ts';
import { RootLayout } from './layout/root-layout.tsx';

type PageRoute = {
  index?: true;
  path?: string;
  Page: ComponentType;
  preload?: () => Promise<ComponentType | undefined>;
};

// Pages other than the landing page load on demand, so the first page stays small.
const lazyPage = (load: () => Promise<{ default: ComponentType }>) => {
  const { Component, preload } = lazyWithPreload(load);
  return { Page: Component, preload };
};

const pages: PageRoute[] = [
  { index: true, Page: HomePage, preload: preloadHomePage },
  { path: 'demo', ...lazyPage(() => import('../features/demo/components/demo-page.tsx')) },
  { path: 'demo/ad', ...lazyPage(() => import('../features/demo/components/demo-ad-page.tsx')) },
  { path: 'terms', ...lazyPage(() => import('../features/static-pages/components/terms-page.tsx')) },
  {
    path: 'privacy',
    ...lazyPage(() => import('../features/static-pages/components/privacy-page.tsx')),
  },
  { path: 'about', ...lazyPage(() => import('../features/static-pages/components/about-page.tsx')) },
  { path: 'howto', ...lazyPage(() => import('../features/static-pages/components/howto-page.tsx')) },
  {
    path: 'advertiser',
    ...lazyPage(() => import('../features/advertiser-landing/components/advertiser-landing-page.tsx')),
  },
  {
    path: 'advertiser/terms',
    ...lazyPage(() => import('../features/static-pages/components/advertiser-terms-page.tsx')),
  },
  {
    path: 'advertiser/legal',
    ...lazyPage(() => import('../features/static-pages/components/advertiser-legal-page.tsx')),
  },
  { path: 'signup', ...lazyPage(() => import('../features/accounts/components/signup-page.tsx')) },
  { path: 'quiz/:id', ...lazyPage(() => import('../features/earning/components/quiz-page.tsx')) },
  { path: 'gift', ...lazyPage(() => import('../features/gifts/components/gift-page.tsx')) },
  {
    path: 'point-history',
    ...lazyPage(() => import('../features/earning/components/point-history-page.tsx')),
  },
  {
    path: 'exchange-history',
    ...lazyPage(() => import('../features/gifts/components/exchange-history-page.tsx')),
  },
  {
    path: 'withdrawal',
    ...lazyPage(() => import('../features/accounts/components/withdrawal-page.tsx')),
  },
  {
    path: 'sms-verification',
    ...lazyPage(() => import('../features/accounts/components/sms-verification-page.tsx')),
  },
  { path: 'account', ...lazyPage(() => import('../features/accounts/components/account-page.tsx')) },
  { path: 'friends', ...lazyPage(() => import('../features/referrals/components/friends-page.tsx')) },
  {
    path: 'daily-quiz',
    ...lazyPage(() => import('../features/earning/components/daily-quiz-page.tsx')),
  },
  {
    path: 'advertiser/card-setup',
    ...lazyPage(() => import('../features/advertisers/components/card-setup-page.tsx')),
  },
  {
    path: 'advertiser/create-ad',
    ...lazyPage(() => import('../features/advertisers/components/create-ad-page.tsx')),
  },
  {
    path: 'advertiser/edit-ad/:id',
    ...lazyPage(() => import('../features/advertisers/components/edit-ad-page.tsx')),
  },
  {
    path: 'advertiser/ads-status',
    ...lazyPage(() => import('../features/advertisers/components/ads-status-page.tsx')),
  },
  {
    path: 'advertiser/ads/:id/report',
    ...lazyPage(() => import('../features/advertisers/components/ad-report-page.tsx')),
  },
  {
    path: 'advertiser/reset-password',
    ...lazyPage(() => import('../features/advertisers/components/reset-password-page.tsx')),
  },
  { path: 'admin', ...lazyPage(() => import('../features/admin/components/admin-hub-page.tsx')) },
  {
    path: 'admin/review',
    ...lazyPage(() => import('../features/admin/components/admin-review-page.tsx')),
  },
  {
    path: 'admin/cloudworks',
    ...lazyPage(() => import('../features/admin/components/reward-check-page.tsx')),
  },
  {
    path: 'admin/create-quiz',
    ...lazyPage(() => import('../features/admin/components/create-quiz-page.tsx')),
  },
  {
    path: 'admin/gifts',
    ...lazyPage(() => import('../features/admin/components/admin-gifts-page.tsx')),
  },
  {
    path: 'admin/settings',
    ...lazyPage(() => import('../features/admin/components/admin-settings-page.tsx')),
  },
  { path: 'admin/users', ...lazyPage(() => import('../features/admin/components/admin-users-page.tsx')) },
  {
    path: 'admin/users/:id',
    ...lazyPage(() => import('../features/admin/components/admin-user-page.tsx')),
  },
  {
    path: 'admin/numbers',
    ...lazyPage(() => import('../features/admin/components/admin-numbers-page.tsx')),
  },
  { path: '*', ...lazyPage(() => import('../features/placeholders/components/not-found-page.tsx')) },
];

const matchable = pages.map(({ index, path }) => (index ? { index } : { path }));

/**
 * Loads the code the page at `pathname` renders first: the page's own chunk, or for the landing page
 * its FAQ's. Resolves with the component loaded, if any.
 */
export function preloadPage(pathname: string): Promise<ComponentType | undefined> {
  const match = matchRoutes([{ path: '/', children: matchable }], pathname)?.at(-1);
  const page = match ? pages[matchable.indexOf(match.route)] : undefined;
  return page?.preload?.() ?? Promise.resolve(undefined);
}

/**
 * Every page under the one layout. React Router's declarative mode (not the data router) keeps the
 * first download small: docs/performance.md, "JavaScript budget".
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {pages.map(({ index, path, Page }) =>
          index ? (
            <Route key="index" index element={<Page />} />
          ) : (
            <Route key={path} path={path} element={<Page />} />
          ),
        )}
      </Route>
    </Routes>
  );
}
