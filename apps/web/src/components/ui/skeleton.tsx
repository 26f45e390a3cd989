import type { ReactNode } from 'react';
import { uiText } from '../../lib/ui-text.ts';

/**
 * A grey stand-in for one piece of what is loading, in its place and near its size: a line of text
 * (`short`, `half` or the whole width), a heading, a button, a big figure or an ad's banner.
 */
export function Bone({
  kind = 'line',
  width,
}: {
  kind?: 'line' | 'title' | 'button' | 'figure' | 'banner';
  width?: 'short' | 'half';
}) {
  const classes = [
    'bone',
    `bone--${kind}`,
    kind === 'banner' ? 'ad-banner' : '',
    width ? `bone--${width}` : '',
  ];
  return <span className={classes.filter(Boolean).join(' ')} aria-hidden="true" />;
}

/**
 * A loading state drawn as the layout it becomes (docs/decisions/040): no spinner, and nothing moves
 * when the content takes its place. Screen readers hear 読み込み中… once.
 */
export function Skeleton({
  className = '',
  label = uiText.loading,
  children,
}: {
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <div className={`skeleton ${className}`.trim()} role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}

/**
 * Lines of text while they load, the loading state of a list or a page that has no skeleton of its
 * own (QueryContent's, unless it is given one). Classed `loading`, as the spinner it replaced was.
 */
export function LinesSkeleton() {
  return (
    <Skeleton className="loading">
      <Bone />
      <Bone />
      <Bone width="half" />
    </Skeleton>
  );
}

/**
 * An ad list while it loads (home, the quiz-ad lists): cards of the same shape, so nothing moves when
 * the ads arrive; shaped as `.ad-list` but not one (that is the list once it has loaded).
 */
export function AdCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <Skeleton>
      <ul className="ad-list-skeleton">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, in a fixed order
          <li key={index} className="card ad-card">
            <Bone kind="banner" />
            <Bone width="short" />
            <Bone kind="title" />
            <Bone width="half" />
            <Bone width="short" />
            <div className="ad-card__actions">
              <Bone kind="button" />
              <Bone kind="button" />
            </div>
          </li>
        ))}
      </ul>
    </Skeleton>
  );
}
