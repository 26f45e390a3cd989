import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The frame of a long-form page: one h1, an optional lead and dated sections. */
export function StaticPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <article className="static-page">
      <h1 className="page-title">{title}</h1>
      {lead && <div className="static-page__lead">{lead}</div>}
      {children}
    </article>
  );
}
