import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import { devOutbox } from '../../db/schema.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** One prepared statement: hot requests mail (the gift request), and the stand-in should cost what SMTP's hand-off would. */
const storeMail: HotStatement = {
  name: 'store-captured-mail',
  text: 'insert into dev_outbox ("to", subject, text) values ($1, $2, $3)',
};

/** The local stand-in: mail is stored, and the development mail page lists it. */
export function createCapturedMailer(db: Database): Mailer {
  return {
    async send(message: MailMessage) {
      await runHot(db, storeMail, [message.to, message.subject, message.text]);
    },
  };
}

export function listCapturedMail(db: Database, limit = 50) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(limit);
}
