import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/** The admin's pages by path (router.tsx lists the paths), each loaded on demand. */
export const adminPages: Record<string, () => PageModule> = {
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
};
