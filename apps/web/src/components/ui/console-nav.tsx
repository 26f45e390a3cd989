import { createContext, type ReactNode, useContext, useId } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * What choosing a page in a console's navigation does besides going there: on a phone, close the
 * menu at once (the next page may take a moment to load).
 */
export const ConsoleNavChosen = createContext<() => void>(() => {});

/** A named group of a console's navigation (広告, お支払い, …), its heading naming the list. */
export function ConsoleNavGroup({ heading, children }: { heading?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="console-nav__group">
      {heading && (
        <p id={id} className="console-nav__heading">
          {heading}
        </p>
      )}
      <ul aria-labelledby={heading ? id : undefined}>{children}</ul>
    </div>
  );
}

/**
 * One page of a console's navigation: marked as the current page (aria-current) on its path, on the
 * paths below it unless `exact`, and on the other paths it stands for (`within`: an ad's report is
 * under レポート).
 */
export function ConsoleNavItem({
  to,
  label,
  exact = false,
  within = [],
  badge,
}: {
  to: string;
  label: string;
  exact?: boolean;
  within?: readonly string[];
  /** Beside the label: a count waiting, with its words for screen readers. */
  badge?: ReactNode;
}) {
  const { pathname } = useLocation();
  const chosen = useContext(ConsoleNavChosen);
  const current =
    pathname === to ||
    (!exact && pathname.startsWith(`${to}/`)) ||
    within.some((path) => pathname.startsWith(path));
  return (
    <li>
      <Link
        to={to}
        className="console-nav__link"
        aria-current={current ? 'page' : undefined}
        onClick={chosen}
      >
        <span>{label}</span>
        {badge}
      </Link>
    </li>
  );
}

/** A count beside a navigation item: the number, and `label` (件未処理) for screen readers. */
export function ConsoleNavCount({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <span className="console-nav__count">
      {count}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
