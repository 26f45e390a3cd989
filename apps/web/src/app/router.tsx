import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from '../features/home/components/home-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';

// Pages other than the landing page load on demand, so the first page stays small.
const lazyPage = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

type PageRoute = { index?: true; path?: string } & (
  | { Component: ComponentType; lazy?: never }
  | { lazy: LazyExoticComponent<ComponentType>; Component?: never }
);

const pages: PageRoute[] = [
  { index: true, Component: HomePage },
  { path: 'demo', lazy: lazyPage(() => import('../features/demo/components/demo-page.tsx')) },
  { path: 'demo/ad', lazy: lazyPage(() => import('../features/demo/components/demo-ad-page.tsx')) },
  { path: 'terms', lazy: lazyPage(() => import('../features/static-pages/components/terms-page.tsx')) },
  {
    path: 'privacy',
    lazy: lazyPage(() => import('../features/static-pages/components/privacy-page.tsx')),
  },
  { path: 'about', lazy: lazyPage(() => import('../features/static-pages/components/about-page.tsx')) },
  { path: 'howto', lazy: lazyPage(() => import('../features/static-pages/components/howto-page.tsx')) },
  {
    path: 'advertiser',
    lazy: lazyPage(() => import('../features/advertiser-landing/components/advertiser-landing-page.tsx')),
  },
  {
    path: 'advertiser/terms',
    lazy: lazyPage(() => import('../features/static-pages/components/advertiser-terms-page.tsx')),
  },
  {
    path: 'advertiser/legal',
    lazy: lazyPage(() => import('../features/static-pages/components/advertiser-legal-page.tsx')),
  },
  { path: 'signup', lazy: lazyPage(() => import('../features/accounts/components/signup-page.tsx')) },
  { path: 'quiz/:id', lazy: lazyPage(() => import('../features/earning/components/quiz-page.tsx')) },
  { path: 'gift', lazy: lazyPage(() => import('../features/gifts/components/gift-page.tsx')) },
  {
    path: 'point-history',
    lazy: lazyPage(() => import('../features/earning/components/point-history-page.tsx')),
  },
  {
    path: 'exchange-history',
    lazy: lazyPage(() => import('../features/gifts/components/exchange-history-page.tsx')),
  },
  {
    path: 'withdrawal',
    lazy: lazyPage(() => import('../features/accounts/components/withdrawal-page.tsx')),
  },
  {
    path: 'sms-verification',
    lazy: lazyPage(() => import('../features/accounts/components/sms-verification-page.tsx')),
  },
  { path: 'account', lazy: lazyPage(() => import('../features/accounts/components/account-page.tsx')) },
  { path: 'friends', lazy: lazyPage(() => import('../features/referrals/components/friends-page.tsx')) },
  {
    path: 'daily-quiz',
    lazy: lazyPage(() => import('../features/earning/components/daily-quiz-page.tsx')),
  },
  {
    path: 'advertiser/card-setup',
    lazy: lazyPage(() => import('../features/advertisers/components/card-setup-page.tsx')),
  },
  {
    path: 'advertiser/create-ad',
    lazy: lazyPage(() => import('../features/advertisers/components/create-ad-page.tsx')),
  },
  {
    path: 'advertiser/edit-ad/:id',
    lazy: lazyPage(() => import('../features/advertisers/components/edit-ad-page.tsx')),
  },
  {
    path: 'advertiser/ads-status',
    lazy: lazyPage(() => import('../features/advertisers/components/ads-status-page.tsx')),
  },
  {
    path: 'advertiser/ads/:id/report',
    lazy: lazyPage(() => import('../features/advertisers/components/ad-report-page.tsx')),
  },
  {
    path: 'advertiser/reset-password',
    lazy: lazyPage(() => import('../features/advertisers/components/reset-password-page.tsx')),
  },
  { path: 'admin', lazy: lazyPage(() => import('../features/admin/components/admin-hub-page.tsx')) },
  {
    path: 'admin/review',
    lazy: lazyPage(() => import('../features/admin/components/admin-review-page.tsx')),
  },
  {
    path: 'admin/cloudworks',
    lazy: lazyPage(() => import('../features/admin/components/reward-check-page.tsx')),
  },
  {
    path: 'admin/create-quiz',
    lazy: lazyPage(() => import('../features/admin/components/create-quiz-page.tsx')),
  },
  {
    path: 'admin/gifts',
    lazy: lazyPage(() => import('../features/admin/components/admin-gifts-page.tsx')),
  },
  {
    path: 'admin/settings',
    lazy: lazyPage(() => import('../features/admin/components/admin-settings-page.tsx')),
  },
  { path: 'admin/users', lazy: lazyPage(() => import('../features/admin/components/admin-users-page.tsx')) },
  {
    path: 'admin/users/:id',
    lazy: lazyPage(() => import('../features/admin/components/admin-user-page.tsx')),
  },
  {
    path: 'admin/numbers',
    lazy: lazyPage(() => import('../features/admin/components/admin-numbers-page.tsx')),
  },
  { path: '*', lazy: lazyPage(() => import('../features/placeholders/components/not-found-page.tsx')) },
];

/**
 * Every page under the one layout. React Router's declarative mode (not the data router) keeps the
 * first download small: docs/performance.md, "JavaScript budget".
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {pages.map(({ index, path, Component, lazy: LazyComponent }) => {
          const Page = LazyComponent ?? Component;
          return index ? (
            <Route key="index" index element={<Page />} />
          ) : (
            <Route key={path} path={path} element={<Page />} />
          );
        })}
      </Route>
    </Routes>
  );
}
