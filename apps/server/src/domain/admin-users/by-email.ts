import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/**
 * Who did something, as the admin's audit pages name them: the person's e-mail, or the stored id
 * when the person is gone (an audit row outlives the account).
 */
export const byEmail = (userId: PgColumn): SQL<string> =>
  sql<string>`coalesce((select ${users.email} from ${users} where ${users.id} = ${userId}), ${userId})`;
