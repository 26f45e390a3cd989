import { GIFT_MINIMUM_POINTS, type GiftRequestBody, type GiftStatus, messages } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import { defaultSettings } from '../../db/seed-defaults.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import { DomainError } from '../domain-error.ts';
import type { Logger } from '../logger.ts';
import { giftRequestedMail } from '../mail/mail-templates.ts';
import { sendMail } from '../mail/send-mail.ts';
import { sessionLife } from '../session-life.ts';
import { toGiftRequestView } from './to-gift-request-view.ts';

/**
 * qp_request_gift (migrations/0003_hot_paths.sql) is the whole exchange, the session lookup
 * included: a member with a verified phone, a gift type and amount the settings offer, the request
 * and its debit together (never an overdraw, however many arrive at once). One round trip.
 */
const requestGiftStatement: HotStatement = {
  name: 'request-gift',
  text: `select id, gift_type, points_used, status, created_at, email, label
         from qp_request_gift($1, $2, $3, $4::jsonb, $5::timestamptz, $6, $7)`,
};
const defaultTypes = JSON.stringify(defaultSettings.giftTypes);
const INTEGER_MAX = 2_147_483_647;

/** A point exchange (SPEC §4, §9), then a confirmation mail (best effort). */
export async function requestGift(options: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  sessionToken: string;
  input: GiftRequestBody;
}) {
  const { db, mailer, log, sessionToken } = options;
  const body = options.input;
  // No offered amount is below the minimum or beyond a PostgreSQL integer (the statement takes one).
  if (body.points < GIFT_MINIMUM_POINTS || body.points > INTEGER_MAX) {
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
  }>(db, requestGiftStatement, [
    sessionToken,
    body.giftType,
    body.points,
    defaultTypes,
    new Date().toISOString(),
    ...sessionLife,
  ]);
  const created = row!;
  const view = toGiftRequestView({
    id: created.id,
    giftType: created.gift_type,
    pointsUsed: created.points_used,
    status: created.status,
    createdAt: new Date(created.created_at),
    giftCode: null,
    rejectionReason: null,
  });
  await sendMail({
    mailer,
    log,
    to: created.email,
    mail: giftRequestedMail({ label: created.label, pointsUsed: body.points }),
  });
  return view;
}
