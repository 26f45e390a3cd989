import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createCapturedMailer } from './captured-mailer.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export function createMailer(config: Config, db: Database): Mailer {
  return config.mail.transport === 'smtp'
    ? createSmtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from })
    : createCapturedMailer(db);
}
