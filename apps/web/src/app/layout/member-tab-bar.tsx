import { Link, useLocation } from 'react-router';
import { useNotices } from '../../features/notices/api/list-notices.ts';
import { memberPages } from './member-pages.ts';

const tabs = memberPages.flatMap(({ to, tab }) => (tab ? [{ to, ...tab }] : []));

/** The tab a page belongs to: its own, or the one above it (交換履歴 under 交換). */
function tabOf(pathname: string) {
  const path = pathname === '/exchange-history' ? '/gift' : pathname;
  return tabs.find((tab) => (tab.to === '/' ? path === '/' : path.startsWith(tab.to)))?.to ?? null;
}

/**
 * The member's tabs along the bottom of a phone, as a point app has them: the current one marked
 * (aria-current), お知らせ with how many are unread. A desk shows the side menu's links instead
 * (styles.css hides the bar from 1024 px).
 */
export function MemberTabBar() {
  const { pathname } = useLocation();
  const current = tabOf(pathname);
  const unread = useNotices().data?.current.filter((notice) => !notice.read).length ?? 0;
  return (
    <nav className="tab-bar" aria-label="タブ">
      <ul className="tab-bar__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} className="tab-bar__tab" aria-current={current === tab.to ? 'page' : undefined}>
              <span className="tab-bar__icon" aria-hidden="true">
                {tab.icon}
              </span>
              {tab.label}
              {tab.to === '/notices' && unread > 0 && (
                <span className="tab-bar__badge">
                  {unread}
                  <span className="visually-hidden">件の未読</span>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
