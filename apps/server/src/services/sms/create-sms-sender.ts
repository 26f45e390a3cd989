import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createCapturedSmsSender } from './captured-sms-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

export function createSmsSender(config: Config, db: Database): SmsSender {
  return config.sms.provider === 'twilio' ? createTwilioSmsSender(config.sms) : createCapturedSmsSender(db);
}
