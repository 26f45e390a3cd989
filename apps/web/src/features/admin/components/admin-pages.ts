/** What waits on a page, by its count in the admin summary. */
type Waiting = 'pendingAds' | 'pendingGifts';

export interface AdminPage {
  /** The navigation's heading the page sits under. */
  group: string;
  to: string;
  label: string;
  waiting?: Waiting;
}

/**
 * The operator console's pages: the navigation lists them under their group's heading, and the hub
 * shows them as cards, in this order.
 */
export const adminPages: AdminPage[] = [
  { group: '審査・申請', to: '/admin/review', label: '広告審査', waiting: 'pendingAds' },
  { group: '審査・申請', to: '/admin/gifts', label: 'ギフト申請', waiting: 'pendingGifts' },
  { group: '審査・申請', to: '/admin/gift-codes', label: 'ギフトコード在庫' },
  { group: 'コンテンツ', to: '/admin/create-quiz', label: 'デイリークイズ作成' },
  { group: 'コンテンツ', to: '/admin/notices', label: 'お知らせ' },
  { group: '会員・広告主', to: '/admin/users', label: 'ユーザー検索・停止' },
  { group: '会員・広告主', to: '/admin/advertisers', label: '広告主・利用停止' },
  { group: '会員・広告主', to: '/admin/billing', label: '決済失敗' },
  { group: '会員・広告主', to: '/admin/cloudworks', label: '報酬確認' },
  { group: '数値・設定', to: '/admin/numbers', label: '数値' },
  { group: '数値・設定', to: '/admin/settings', label: '設定' },
];

/** The navigation's headings, in the pages' order. */
export const adminPageGroups = [...new Set(adminPages.map((page) => page.group))];
