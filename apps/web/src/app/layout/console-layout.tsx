import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ConsoleNavChosen } from '../../components/ui/console-nav.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { MenuButton, useMenuDrawer } from '../../components/ui/menu-drawer.tsx';
import { AdminConsoleNav } from '../../features/admin/components/admin-console-nav.tsx';
import { AdvertiserConsoleNav } from '../../features/advertisers/components/advertiser-console-nav.tsx';
import { useMe, useSignOut } from '../../features/auth/index.ts';
import type { ConsoleArea } from './console-area.ts';
import { Footer, SiteFooter, sharedFooterLinks } from './site-footer.tsx';

const consoles = {
  advertiser: {
    name: '広告主管理画面',
    home: '/advertiser',
    navLabel: '広告主メニュー',
    Nav: AdvertiserConsoleNav,
    signedOutTo: '/advertiser',
    // SPEC §2: the advertiser footer under /advertiser.
    footer: <SiteFooter variant="advertiser" />,
  },
  admin: {
    name: '運営管理画面',
    home: '/admin',
    navLabel: '管理メニュー',
    Nav: AdminConsoleNav,
    signedOutTo: '/',
    // The operator console's own footer, never the member's.
    footer: (
      <Footer
        variant="admin"
        label="運営管理画面フッター"
        owner="クイズポイント 運営管理画面"
        links={[
          { to: '/terms', label: '利用規約' },
          { to: '/advertiser/terms', label: '広告主利用規約' },
          ...sharedFooterLinks,
        ]}
        after={[]}
      />
    ),
  },
};

/**
 * The advertiser's and the operator's console: a top bar with the account and logout, the
 * navigation beside the page from 1024 px wide and behind a menu button below that (a dialog-like
 * drawer: it takes the focus, Escape or the backdrop closes it and gives the focus back, a new page
 * closes it), the page using the width, and the console's own footer. No member header or footer.
 */
export default function ConsoleLayout({ area, children }: { area: ConsoleArea; children: ReactNode }) {
  const { data: me } = useMe();
  const signOut = useSignOut();
  const drawer = useMenuDrawer();
  const { open, close } = drawer;
  const { name, home, navLabel, Nav, signedOutTo, footer } = consoles[area];
  const signedIn =
    area === 'admin' ? me?.isAdmin === true : me?.role === 'advertiser' || me?.isAdmin === true;

  /** Who is signed in, and the way out: in the top bar, and in the navigation on a phone. */
  const account = (className: string, logoutClassName: string) => (
    <div className={className}>
      {signedIn && me && (
        <p className="console-account">
          <span className="console-account__name">{me.name}</span>
          <span className="console-account__email">{me.email}</span>
        </p>
      )}
      {signedIn && (
        <button type="button" className={logoutClassName} onClick={() => void signOut({ to: signedOutTo })}>
          ログアウト
        </button>
      )}
    </div>
  );

  return (
    <div className={open ? 'console is-menu-open' : 'console'}>
      <header className="console-topbar">
        <MenuButton drawer={drawer} controls="console-nav" className="icon-button console-topbar__menu" />
        <Link to={home} className="console-topbar__brand">
          <Logo />
          <span className="console-topbar__area">{name}</span>
        </Link>
        {account('console-topbar__account', 'button button--secondary button--small')}
      </header>
      <div className="console-body">
        {open && (
          <button type="button" className="console-backdrop" aria-label="メニューを閉じる" onClick={close} />
        )}
        <nav ref={drawer.menu} id="console-nav" className="console-nav" aria-label={navLabel}>
          <ConsoleNavChosen.Provider value={close}>
            <Nav />
          </ConsoleNavChosen.Provider>
          {signedIn && account('console-nav__account', 'console-nav__link console-nav__logout')}
        </nav>
        <div className="console-content">
          <main id="main" className="console-main" tabIndex={-1}>
            {children}
          </main>
          {footer}
        </div>
      </div>
    </div>
  );
}
