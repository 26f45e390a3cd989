import { messages } from '@quiz-points/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

interface OwnAdPageProps<T> {
  title: string;
  useAd: (adId: string) => UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/**
 * A page about one of the advertiser's own ads, the one named by the address's id; when the server
 * refuses it (not found, someone else's) the page says what the server said.
 */
export function OwnAdPage<T>({ title, useAd, children }: OwnAdPageProps<T>) {
  const { id: adId = '' } = useParams();
  useDocumentTitle(title);
  const query = useAd(adId);
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      <QueryContent query={query} errorMessage={query.error?.message ?? messages.loadFailed}>
        {children}
      </QueryContent>
      <p className="page-links">
        <Link to="/advertiser/ads-status">広告の管理へ戻る</Link>
      </p>
    </div>
  );
}
