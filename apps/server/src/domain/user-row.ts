import type { Database } from '../db/database.ts';
import type { users } from '../db/schema.ts';

/** The signed-in person as the guards hand them to a domain action: their `users` row, read fresh. */
export type UserRow = typeof users.$inferSelect;

/** What a read of one person's data takes: the database, whose data, and when (now unless said). */
export interface PersonRead {
  db: Database;
  userId: string;
  now?: Date;
}
