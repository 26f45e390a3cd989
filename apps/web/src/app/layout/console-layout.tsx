import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ConsoleNavChosen } from '../../components/ui/console-nav.tsx';
import { Logo } from '../../components/ui/logo.tsx';
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
  const { pathname } = useLocation();
  const { data: me } = useMe();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const { name, home, navLabel, Nav, signedOutTo, footer } = consoles[area];
  const signedIn =
    area === 'admin' ? me?.isAdmin === true : me?.role === 'advertiser' || me?.isAdmin === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setOpen(false), [pathname]);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (!open) return;
    nav.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const account = signedIn && me && (
    <p className="console-account">
      <span className="console-account__name">{me.name}</span>
      <span className="console-account__email">{me.email}</span>
    </p>
  );
  const logout = (className: string) =>
    signedIn && (
      <button type="button" className={className} onClick={() => void signOut({ to: signedOutTo })}>
        ログアウト
      </button>
    );

  return (
    <div className={open ? 'console is-menu-open' : 'console'}>
      <header className="console-topbar">
        <button
          ref={toggle}
          type="button"
          className="icon-button console-topbar__menu"
          aria-label="メニュー"
          aria-expanded={open}
          aria-controls="console-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <Link to={home} className="console-topbar__brand">
          <Logo />
          <span className="console-topbar__area">{name}</span>
        </Link>
        <div className="console-topbar__account">
          {account}
          {logout('button button--secondary button--small')}
        </div>
      </header>
      <div className="console-body">
        {open && (
          <button type="button" className="console-backdrop" aria-label="メニューを閉じる" onClick={close} />
        )}
        <nav ref={nav} id="console-nav" className="console-nav" aria-label={navLabel}>
          <ConsoleNavChosen.Provider value={close}>
            <Nav />
          </ConsoleNavChosen.Provider>
          {signedIn && (
            <div className="console-nav__account">
              {account}
              {logout('console-nav__link console-nav__logout')}
            </div>
          )}
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
