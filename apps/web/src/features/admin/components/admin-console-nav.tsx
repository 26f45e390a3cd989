import { ConsoleNavCount, ConsoleNavGroup, ConsoleNavItem } from '../../../components/ui/console-nav.tsx';
import { useMe } from '../../auth/index.ts';
import { useAdminSummary } from '../api/get-admin-summary.ts';
import { adminPageGroups, adminPages } from './admin-pages.ts';

const waiting = '件未処理';

function Items() {
  const { data } = useAdminSummary();
  return (
    <>
      <ConsoleNavGroup>
        <ConsoleNavItem to="/admin" label="管理画面トップ" exact />
      </ConsoleNavGroup>
      {adminPageGroups.map((heading) => (
        <ConsoleNavGroup key={heading} heading={heading}>
          {adminPages
            .filter((page) => page.group === heading)
            .map((page) => (
              <ConsoleNavItem
                key={page.to}
                to={page.to}
                label={page.label}
                badge={page.waiting && <ConsoleNavCount count={data?.[page.waiting]} label={waiting} />}
              />
            ))}
        </ConsoleNavGroup>
      ))}
      <ConsoleNavGroup heading="ハウス広告">
        <ConsoleNavItem to="/advertiser" label="ハウス広告の管理" exact />
      </ConsoleNavGroup>
    </>
  );
}

/**
 * The operator console's navigation: every page of the admin hub, grouped, with what
 * waits for review beside them; nothing for anyone but the admin.
 */
export function AdminConsoleNav() {
  const { data: me } = useMe();
  return me?.isAdmin ? <Items /> : null;
}
