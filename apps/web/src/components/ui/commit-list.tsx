import type { ReactNode } from 'react';

/** What a confirmation commits, one figure a line; the line that matters most stands out. */
export function CommitList({
  rows,
  testId,
}: {
  rows: readonly { label: string; value: ReactNode; total?: boolean }[];
  testId?: string;
}) {
  return (
    <dl className="commit-list" data-testid={testId}>
      {rows.map(({ label, value, total }) => (
        <div key={label} className={total ? 'commit-list__row commit-list__row--total' : 'commit-list__row'}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
