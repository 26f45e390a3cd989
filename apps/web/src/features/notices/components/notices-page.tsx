import { type MemberNotice, messages } from '@quiz-points/shared';
import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { formatDayRange } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useNotices } from '../api/list-notices.ts';
import { useMarkNoticeRead } from '../api/mark-notice-read.ts';
import { openNoticeParam } from '../notice-link.ts';

/** One notice, its body folded away; opening it marks it read (once: the server keeps the first). */
function NoticeItem({ notice, opened }: { notice: MemberNotice; opened: boolean }) {
  const markRead = useMarkNoticeRead();
  const [open, setOpen] = useState(opened);
  const item = useRef<HTMLLIElement>(null);
  // Asked once per notice on this page (the server keeps the first read anyway); a failure may ask again.
  const asked = useRef(false);
  const markReadOnce = () => {
    if (notice.read || asked.current) return;
    asked.current = true;
    markRead.mutate(notice.id, { onError: () => (asked.current = false) });
  };
  // Arrived from the home card's link: bring the notice into view (the layout scrolled to the top) and
  // mark it read here, not by the toggle event a notice that starts open may or may not get.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the notice the link opened
  useEffect(() => {
    if (!opened) return;
    item.current?.scrollIntoView({ block: 'start' });
    markReadOnce();
  }, [opened]);
  const toggled = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const nowOpen = event.currentTarget.open;
    setOpen(nowOpen);
    if (nowOpen) markReadOnce();
  };
  return (
    <li ref={item} className="card notice-item" data-testid="notice-item">
      <details open={open} onToggle={toggled}>
        <summary className="notice-item__summary">
          <span className="notice-item__title">{notice.title}</span>
          <span className="note">
            {formatDayRange(notice.startsOn, notice.endsOn)}
            {!notice.read && <span className="badge badge--pending notice-item__unread">未読</span>}
          </span>
        </summary>
        <p className="notice-item__body">{notice.body}</p>
      </details>
    </li>
  );
}

function NoticeSection({
  id,
  title,
  notices,
  empty,
  opened,
}: {
  id: string;
  title: string;
  notices: MemberNotice[];
  empty: string;
  opened: string | null;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {notices.length === 0 ? (
        <p className="card">{empty}</p>
      ) : (
        <ul className="notice-list">
          {notices.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} opened={notice.id === opened} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The page's two lists, today's first. */
const noticeSections = [
  { id: 'notices-current', title: '掲載中のお知らせ', list: 'current', empty: messages.noticesCurrentEmpty },
  { id: 'notices-past', title: '過去のお知らせ', list: 'past', empty: messages.noticesPastEmpty },
] as const;

/** `/notices`: today's notices, then the ended ones; a notice not yet started is never here. */
export default function NoticesPage() {
  useDocumentTitle('お知らせ');
  const query = useNotices();
  const [params] = useSearchParams();
  const opened = params.get(openNoticeParam);
  return (
    <div className="page">
      <h1 className="page-title">お知らせ</h1>
      <QueryContent query={query}>
        {(data) => (
          <>
            {noticeSections.map(({ list, ...section }) => (
              <NoticeSection key={section.id} {...section} notices={data[list]} opened={opened} />
            ))}
          </>
        )}
      </QueryContent>
    </div>
  );
}
