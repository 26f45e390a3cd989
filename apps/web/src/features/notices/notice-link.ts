/** The search parameter that opens one notice on the notices page (and so marks it read). */
export const openNoticeParam = 'open';

/** Where the home card's links go: the notices page with that notice open. */
export const noticeLink = (noticeId: string) => `/notices?${openNoticeParam}=${encodeURIComponent(noticeId)}`;
