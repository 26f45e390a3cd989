import { messages } from '@quiz-points/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { uiText } from '../../lib/ui-text.ts';
import { LinesSkeleton } from './skeleton.tsx';

/** A load that failed: its message (role=alert) and a button to ask again. */
export function LoadFailed({ message, onRetry }: { message: ReactNode; onRetry?: () => void }) {
  return (
    <div className="load-failed">
      <p role="alert" className="form-error">
        {message}
      </p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {uiText.retry}
        </button>
      )}
    </div>
  );
}

/**
 * The states of a loaded list or page: loading (its skeleton: the `loading` given, or lines),
 * failed (its message, and a retry), empty, or the content. `errorMessage` (読み込みに失敗しました
 * unless said) may depend on the failure (a 404 says something else than a network error). A refresh
 * that fails once the content is shown leaves it there, with the message and the retry above it.
 */
export function QueryContent<T>({
  query,
  errorMessage = messages.loadFailed,
  isEmpty,
  empty,
  loading = <LinesSkeleton />,
  children,
}: {
  query: UseQueryResult<T>;
  loading?: ReactNode;
  errorMessage?: ReactNode | ((error: Error) => ReactNode);
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{loading}</>;
  const failed = query.isError && (
    <LoadFailed
      message={typeof errorMessage === 'function' ? errorMessage(query.error) : errorMessage}
      onRetry={() => void query.refetch()}
    />
  );
  if (query.isLoadingError) return failed;
  return (
    <>
      {failed}
      {isEmpty?.(query.data) ? <p className="card">{empty}</p> : children(query.data)}
    </>
  );
}
