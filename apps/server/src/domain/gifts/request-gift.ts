import {
  DomainError,
  GIFT_MINIMUM_POINTS,
  type GiftRequestBody,
  type GiftStatus,
  messages,
} from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import { defaultSettings } from '../../db/seed-defaults.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import type { Logger } from '../logger.ts';
import { giftIssuedMail, giftRequestedMail } from '../mail/mail-templates.ts';
import { sendMail } from '../mail/send-mail.ts';
import { sessionLife } from '../session-life.ts';
import type { GiftCodeCipher } from './gift-code-cipher.ts';
import { toGiftRequestView } from './to-gift-request-view.ts';

/**
 * The whole exchange in one statement, so one round trip and one transaction: qp_request_gift
 * (request-gift.sql) looks the session up and makes the request and its debit together
 * (a member with a verified phone, a gift type and amount the settings offer, never an overdraw
 * however many arrive at once); then qp_take_gift_code (the same file) gives it a code
 * from the inventory when one is in stock (never one code for two requests).
 */
const requestGiftStatement: HotStatement = {
  name: 'request-gift',
  text: `select r.id, r.gift_type, r.points_used,
                case when c.code is null then r.status else 'issued' end as status,
                r.created_at, r.email, r.label, c.code as code_ciphertext
         from qp_request_gift($1, $2, $3, $4::jsonb, $5::timestamptz, $6, $7) r
         cross join lateral qp_take_gift_code(r.id, r.gift_type, r.points_used, $5::timestamptz) c(code)`,
};
const defaultTypes = JSON.stringify(defaultSettings.giftTypes);

/**
 * A point exchange (SPEC §4, §9), then a mail (best effort): the code itself when the inventory had
 * one, else the 3-business-day promise.
 */
export async function requestGift(options: {
  db: Database;
  mailer: Mailer;
  cipher: GiftCodeCipher;
  log: Logger;
  sessionToken: string;
  input: GiftRequestBody;
}) {
  const { db, mailer, cipher, log, sessionToken } = options;
  const body = options.input;
  // No offered amount is below the minimum (the schema keeps it within a PostgreSQL integer).
  if (body.points < GIFT_MINIMUM_POINTS) {
    throw new DomainError('VALIDATION', messages.giftAmountInvalid);
  }
  const [row] = await runHot<{
    id: string;
    gift_type: string;
    points_used: number;
    status: GiftStatus;
    created_at: Date | string;
    email: string;
    label: string;
    code_ciphertext: string | null;
  }>(db, requestGiftStatement, [
    sessionToken,
    body.giftType,
    body.points,
    defaultTypes,
    new Date().toISOString(),
    ...sessionLife,
  ]);
  const created = row!;
  const giftCode = created.code_ciphertext === null ? null : cipher.decrypt(created.code_ciphertext);
  const view = toGiftRequestView({
    id: created.id,
    giftType: created.gift_type,
    pointsUsed: created.points_used,
    status: created.status,
    createdAt: new Date(created.created_at),
    giftCode,
    rejectionReason: null,
  });
  const mail =
    giftCode === null
      ? giftRequestedMail({ label: created.label, pointsUsed: body.points })
      : giftIssuedMail({ giftCode });
  await sendMail({ mailer, log, to: created.email, mail });
  return view;
}
