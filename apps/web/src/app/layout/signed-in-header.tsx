import { formatNumber, formatYen } from '@quiz-points/shared';
import { useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { MenuButton, useMenuDrawer } from '../../components/ui/menu-drawer.tsx';
import { useMe, useSignOut } from '../../features/auth/index.ts';
import { useRefreshOnRevival } from '../../lib/use-refresh-on-revival.ts';
import { memberPages } from './member-pages.ts';

const noChange = () => () => undefined;
const historyIndex = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * Whether this tab's history has a page of ours before this one (React Router numbers its entries).
 * The server cannot know, and draws the button as for a fresh visit; the browser corrects it as it
 * hydrates. Read on every render: a navigation re-renders the header.
 */
const useCanGoBack = () => useSyncExternalStore(noChange, historyIndex, () => false);

const menu = memberPages.map(({ to, menu: label }) => ({ to, label }));
const phoneItem = { to: '/sms-verification', label: '電話番号認証' };

/**
 * SPEC §2: back button, centred logo, side menu; under them the balance and what it is worth
 * (1 Pt = 1 円), in view on every member page.
 */
export function SignedInHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { data: me } = useMe();
  const items = [
    ...menu,
    ...(me && !me.isVerified ? [phoneItem] : []),
    ...(me?.isAdmin ? [{ to: '/admin', label: '管理画面' }] : []),
  ];
  const drawer = useMenuDrawer();
  const { open, close } = drawer;
  useRefreshOnRevival();

  const canGoBack = useCanGoBack();
  // Nowhere to go back to from home opened afresh: the button steps aside rather than do nothing.
  const backGoesNowhere = pathname === '/' && !canGoBack;
  const back = () => {
    if (pathname === '/sms-verification' || !canGoBack) navigate('/');
    else navigate(-1);
  };

  return (
    <header className="site-header site-header--signed-in">
      <div className="site-header__inner">
        <button
          type="button"
          onClick={back}
          aria-label="戻る"
          className={backGoesNowhere ? 'icon-button icon-button--unneeded' : 'icon-button'}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <Link to="/" className="site-header__logo site-header__logo--center">
          <Logo />
        </Link>
        <MenuButton drawer={drawer} controls="side-menu" className="icon-button" />
      </div>
      {/* Once signed up: before that there is no balance to speak of, and its passbook sends to signup. */}
      {me && !me.needsSignup && (
        <Link
          to="/point-history"
          className="balance-bar"
          aria-label={`保有ポイント ${formatNumber(me.points)} Pt（${formatYen(me.points)}分）、ポイント通帳へ`}
        >
          <span className="balance-bar__label">保有ポイント</span>
          <strong className="balance-bar__points" data-testid="header-balance">
            {formatNumber(me.points)} Pt
          </strong>
          <span className="balance-bar__yen">（{formatYen(me.points)}分）</span>
        </Link>
      )}
      {open && (
        <button type="button" className="side-menu__backdrop" aria-label="メニューを閉じる" onClick={close} />
      )}
      <nav
        ref={drawer.menu}
        id="side-menu"
        className={open ? 'side-menu is-open' : 'side-menu'}
        aria-label="メニュー"
        hidden={!open}
      >
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ))}
          <li>
            <button type="button" className="side-menu__logout" onClick={() => void signOut()}>
              ログアウト
            </button>
          </li>
        </ul>
      </nav>
    </header>
  );
}
