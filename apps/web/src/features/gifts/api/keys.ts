/** Every gift query of the member's own sits under 'gifts'. */
export const giftKeys = {
  all: () => ['gifts'] as const,
  types: () => ['gifts', 'types'] as const,
  requests: () => ['gifts', 'requests'] as const,
};
