import type { users } from '../db/schema.ts';

/** The signed-in person as the guards hand them to a domain action: their `users` row, read fresh. */
export type UserRow = typeof users.$inferSelect;
