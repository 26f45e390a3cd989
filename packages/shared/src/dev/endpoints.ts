import { z } from 'zod';
import { endpoint } from '../core/endpoint.ts';
import { capturedMail, capturedSms } from './responses.ts';

// The development stand-ins' outboxes, newest first, for the browser tests and a developer. The
// server registers them only outside production, and only with the capturing mailer or SMS sender.

export type { CapturedMail, CapturedSms } from './responses.ts';

export const listCapturedMail = endpoint(
  'GET /api/dev/mail',
  'anyone',
  z.strictObject({ mail: z.array(capturedMail) }),
);

export const listCapturedSms = endpoint(
  'GET /api/dev/sms',
  'anyone',
  z.strictObject({ sms: z.array(capturedSms) }),
);
