import { messages } from '@quiz-points/shared';
import { Link } from 'react-router';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useNotices } from '../api/list-notices.ts';
import { noticeLink } from '../notice-link.ts';

/** The home's お知らせ: today's notices the member has not read yet, each a link to read it. */
export function NoticesCard() {
  const query = useNotices();
  return (
    <section className="card notices-card" aria-labelledby="notices-card-title">
      <h2 id="notices-card-title" className="notices-card__title">
        お知らせ
      </h2>
      <QueryContent
        query={query}
        loading={
          <Skeleton>
            <Bone />
          </Skeleton>
        }
      >
        {(data) => {
          const unread = data.current.filter((notice) => !notice.read);
          if (unread.length === 0) return <p className="note">{messages.noticesNoneUnread}</p>;
          return (
            <ul className="notices-card__list">
              {unread.map((notice) => (
                <li key={notice.id} className="notices-card__item">
                  <Link to={noticeLink(notice.id)}>{notice.title}</Link>
                  <span className="note">{formatDay(notice.startsOn)}</span>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryContent>
      <Link to="/notices" className="notices-card__all">
        すべてのお知らせ
      </Link>
    </section>
  );
}
