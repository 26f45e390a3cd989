import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The advertiser's and the admin's pages by path (router.tsx lists the paths), each loaded on demand:
 * the first page of every visitor carries only the paths, not one loader a page.
 */
export const consolePages: Record<string, () => PageModule> = {
  'advertiser/card-setup': () => import('../features/advertisers/components/card-setup-page.tsx'),
  'advertiser/create-ad': () => import('../features/advertisers/components/create-ad-page.tsx'),
  'advertiser/edit-ad/:id': () => import('../features/advertisers/components/edit-ad-page.tsx'),
  'advertiser/ads-status': () => import('../features/advertisers/components/ads-status-page.tsx'),
  'advertiser/billing': () => import('../features/advertisers/components/billing-page.tsx'),
  'advertiser/ads/:id/report': () => import('../features/advertisers/components/ad-report-page.tsx'),
  'advertiser/reports': () => import('../features/advertisers/components/reports-page.tsx'),
  'advertiser/account': () => import('../features/advertisers/components/account-page.tsx'),
  admin: () => import('../features/admin/components/admin-hub-page.tsx'),
  'admin/review': () => import('../features/admin/components/admin-review-page.tsx'),
  'admin/cloudworks': () => import('../features/admin/components/reward-check-page.tsx'),
  'admin/create-quiz': () => import('../features/admin/components/create-quiz-page.tsx'),
  'admin/gifts': () => import('../features/admin/components/admin-gifts-page.tsx'),
  'admin/gift-codes': () => import('../features/admin/components/gift-codes-page.tsx'),
  'admin/settings': () => import('../features/admin/components/admin-settings-page.tsx'),
  'admin/users': () => import('../features/admin/components/admin-users-page.tsx'),
  'admin/users/:id': () => import('../features/admin/components/admin-user-page.tsx'),
  'admin/numbers': () => import('../features/admin/components/admin-numbers-page.tsx'),
  'admin/notices': () => import('../features/admin/components/admin-notices-page.tsx'),
  'admin/advertisers': () => import('../features/admin/components/admin-advertisers-page.tsx'),
  'admin/advertisers/:id': () => import('../features/admin/components/admin-advertiser-page.tsx'),
  'admin/billing': () => import('../features/admin/components/admin-failed-charges-page.tsx'),
};
