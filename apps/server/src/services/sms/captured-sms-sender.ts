import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devSmsOutbox } from '../../db/schema.ts';
import type { SmsSender } from './sms-sender.ts';

/** The local stand-in: messages are stored and shown on the development SMS page. */
export function createCapturedSmsSender(db: Database): SmsSender {
  return {
    async send(message) {
      await db.insert(devSmsOutbox).values(message);
    },
  };
}

export function listCapturedSms(db: Database, limit = 50) {
  return db.select().from(devSmsOutbox).orderBy(desc(devSmsOutbox.id)).limit(limit);
}
