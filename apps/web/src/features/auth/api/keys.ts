/** The signed-in person's queries. Signing out keeps `me` (set to null) and drops every other query. */
export const authKeys = {
  me: () => ['me'] as const,
};
