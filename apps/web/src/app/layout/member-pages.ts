/**
 * The member app's pages as its navigation names them: each with its words in the side menu, and
 * those with a tab along the bottom of a phone with the tab's shorter word and mark.
 */
export const memberPages: readonly {
  to: string;
  menu: string;
  tab?: { label: string; icon: string };
}[] = [
  { to: '/', menu: 'ホーム', tab: { label: 'ホーム', icon: '⌂' } },
  { to: '/gift', menu: 'ポイント交換', tab: { label: '交換', icon: '⇄' } },
  { to: '/exchange-history', menu: '交換履歴' },
  { to: '/point-history', menu: 'ポイント通帳', tab: { label: '通帳', icon: '≡' } },
  { to: '/notices', menu: 'お知らせ', tab: { label: 'お知らせ', icon: '✉' } },
  { to: '/account', menu: 'アカウント', tab: { label: 'マイページ', icon: '◉' } },
  { to: '/friends', menu: '友達紹介' },
];
