export const referralKeys = {
  all: () => ['referrals'] as const,
};
