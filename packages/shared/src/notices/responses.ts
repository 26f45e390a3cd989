import { z } from 'zod';
import { day, timestamp } from '../core/responses.ts';

const noticeShape = {
  id: z.string(),
  title: z.string(),
  body: z.string(),
  startsOn: day,
  endsOn: day,
};

/** `GET /api/admin/notices`: every notice, whether shown yet or not, with how many people read it. */
export const adminNotice = z.strictObject({
  ...noticeShape,
  reads: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AdminNotice = z.output<typeof adminNotice>;
export const adminNoticeList = z.strictObject({ notices: z.array(adminNotice) });
export const noticeSaved = z.strictObject({ id: z.string() });

/** `GET /api/notices`: a notice a member may see, and whether they have read it. */
export const memberNotice = z.strictObject({ ...noticeShape, read: z.boolean() });
export type MemberNotice = z.output<typeof memberNotice>;
/** Shown today (`current`), and ended (`past`, the latest first); one not yet started is in neither. */
export const memberNoticeList = z.strictObject({
  current: z.array(memberNotice),
  past: z.array(memberNotice),
});
export type MemberNoticeList = z.output<typeof memberNoticeList>;
