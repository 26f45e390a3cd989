import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';

/** One person's page in the admin console (a member, an advertiser): the way back to the list, then the loaded overview. */
export function OverviewPage<T>({
  backTo,
  backLabel,
  query,
  errorMessage,
  children,
}: {
  backTo: string;
  backLabel: string;
  query: UseQueryResult<T>;
  errorMessage: string;
  children: (view: T) => ReactNode;
}) {
  return (
    <div className="page">
      <p>
        <Link to={backTo}>{backLabel}</Link>
      </p>
      <QueryContent query={query} errorMessage={errorMessage}>
        {children}
      </QueryContent>
    </div>
  );
}

/** The person's details as terms and values, in a card of their own. */
export function ProfileSection({
  titleId,
  title,
  rows,
}: {
  titleId: string;
  title: string;
  rows: [term: string, value: string][];
}) {
  return (
    <TitledSection className="card" titleId={titleId} title={title}>
      <dl className="definition-list">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </TitledSection>
  );
}
