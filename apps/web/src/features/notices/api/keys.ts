/** Every notice query of the member's own sits under 'notices'. */
export const noticeKeys = {
  all: () => ['notices'] as const,
};
