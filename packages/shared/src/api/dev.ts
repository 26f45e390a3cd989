import { endpoint, responseOf } from './endpoint.ts';

// The development stand-ins' outboxes, newest first, for the browser tests and a developer. The
// server registers them only outside production, and only with the capturing mailer or SMS sender.

export interface CapturedSms {
  id: number;
  to: string;
  text: string;
  sentAt: string;
}

export interface CapturedMail extends CapturedSms {
  subject: string;
}

export const listCapturedMail = endpoint('GET /api/dev/mail', 'anyone', {
  response: responseOf<{ mail: CapturedMail[] }>(),
});

export const listCapturedSms = endpoint('GET /api/dev/sms', 'anyone', {
  response: responseOf<{ sms: CapturedSms[] }>(),
});
