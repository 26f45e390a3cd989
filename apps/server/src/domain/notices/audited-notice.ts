import type { NoticeBody } from '@quiz-points/shared';

/** What the admin audit keeps of a notice: its title and window (the body stays the notice's own). */
export const auditedNotice = ({
  title,
  startsOn,
  endsOn,
}: Pick<NoticeBody, 'title' | 'startsOn' | 'endsOn'>) => ({
  title,
  startsOn,
  endsOn,
});
