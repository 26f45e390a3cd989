import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devOutbox } from '../../db/schema.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** The local stand-in: mail is stored, and the development mail page lists it. */
export function createCapturedMailer(db: Database): Mailer {
  return {
    async send(message: MailMessage) {
      await db.insert(devOutbox).values(message);
    },
  };
}

export function listCapturedMail(db: Database, limit = 50) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(limit);
}
