import { z } from 'zod';
import '../core/zod-config.ts';
import { japanDay } from '../core/japan-day.ts';
import { messages } from '../core/messages.ts';
import { wellFormedString } from '../core/well-formed-string.ts';

export type { AdminNotice, MemberNotice, MemberNoticeList } from './responses.ts';

/** How long a notice's title and body may be (the admin's form counts towards these). */
export const noticeLimits = { title: 100, body: 2000 } as const;

const text = (required: string, tooLong: string, max: number) =>
  wellFormedString({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/**
 * A notice as the admin posts or edits it: shown to members from `startsOn` to `endsOn` (Japan-time
 * days, both included), so the window may be a single day but never end before it starts.
 */
export const noticeBody = z
  .strictObject({
    title: text(messages.noticeTitleRequired, messages.noticeTitleTooLong, noticeLimits.title),
    body: text(messages.noticeBodyRequired, messages.noticeBodyTooLong, noticeLimits.body),
    startsOn: japanDay({ invalid: messages.noticeStartsOnInvalid }),
    endsOn: japanDay({ invalid: messages.noticeEndsOnInvalid }),
  })
  .refine((notice) => notice.endsOn >= notice.startsOn, {
    error: messages.noticeWindowInvalid,
    path: ['endsOn'],
  });
export type NoticeBody = z.input<typeof noticeBody>;
