import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading } from './loading.tsx';

/** The states of a loaded list or page: loading, failed (with its message), empty, or the content. */
export function QueryContent<T>({
  query,
  errorMessage,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  errorMessage: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <p role="alert" className="form-error">
        {errorMessage}
      </p>
    );
  }
  if (isEmpty?.(query.data)) return <p className="card">{empty}</p>;
  return <>{children(query.data)}</>;
}
