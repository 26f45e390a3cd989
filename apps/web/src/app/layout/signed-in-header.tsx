import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { MenuButton, useMenuDrawer } from '../../components/ui/menu-drawer.tsx';
import { useMe, useSignOut } from '../../features/auth/index.ts';

const menu = [
  { to: '/gift', label: 'ポイント交換' },
  { to: '/point-history', label: 'ポイント通帳' },
  { to: '/account', label: 'アカウント' },
  { to: '/friends', label: '友達紹介' },
];

/** SPEC §2: back button, centred logo, side menu. */
export function SignedInHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { data: me } = useMe();
  const items = me?.isAdmin ? [...menu, { to: '/admin', label: '管理画面' }] : menu;
  const drawer = useMenuDrawer();
  const { open, close } = drawer;

  const back = () => {
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (pathname === '/sms-verification' || !canGoBack) navigate('/');
    else navigate(-1);
  };

  return (
    <header className="site-header site-header--signed-in">
      <div className="site-header__inner">
        <button type="button" className="icon-button" onClick={back} aria-label="戻る">
          <span aria-hidden="true">‹</span>
        </button>
        <Link to="/" className="site-header__logo site-header__logo--center">
          <Logo />
        </Link>
        <MenuButton drawer={drawer} controls="side-menu" className="icon-button" />
      </div>
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
