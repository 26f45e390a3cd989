import { endpoint } from '../core/endpoint.ts';
import { messages } from '../core/messages.ts';
import { okResponse } from '../core/responses.ts';
import { noticeBody } from './notices.ts';
import { adminNoticeList, memberNoticeList, noticeSaved } from './responses.ts';

const noticeInput = {
  title: 'メンテナンスのお知らせ',
  body: '1月10日 2:00〜4:00 はメンテナンスのためご利用いただけません。',
  startsOn: '2031-01-01',
  endsOn: '2031-01-10',
};

/** The notices shown today and the ended ones, each with whether the member has read it. */
export const listNotices = endpoint('GET /api/notices', 'member', memberNoticeList);

/** Once is enough: marking a notice read again changes nothing. One not yet shown is not found. */
export const markNoticeRead = endpoint('POST /api/notices/:noticeId/read', 'member', okResponse, {
  notFound: messages.noticeNotFound,
});

/** Every notice, the newest first. */
export const listAdminNotices = endpoint('GET /api/admin/notices', 'admin', adminNoticeList, {
  reads: 'replica',
});

export const postNotice = endpoint('POST /api/admin/notices', 'admin', noticeSaved, {
  body: noticeBody,
  example: { body: noticeInput },
  status: 201,
});

/** Its text or window; who has read it stays read (an edit is a correction, not a new notice). */
export const updateNotice = endpoint('PUT /api/admin/notices/:noticeId', 'admin', noticeSaved, {
  notFound: messages.noticeNotFound,
  body: noticeBody,
  example: { body: { ...noticeInput, endsOn: '2031-01-31' } },
});
