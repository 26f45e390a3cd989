import { DomainError, messages } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { materialRequests } from '../../db/schema.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import type { Logger } from '../logger.ts';
import { materialsMail } from '../mail/mail-templates.ts';
import { sendMail } from '../mail/send-mail.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';

export interface RequestMaterialsOptions {
  db: Database;
  mailer: Mailer;
  log: Logger;
  email: string;
  ip: string;
  publicUrl: string;
}

/** Records an advertiser's materials request (one row per e-mail) and mails the materials. */
export async function requestMaterials({ db, mailer, log, email, ip, publicUrl }: RequestMaterialsOptions) {
  const address = email.toLowerCase();
  await consumeRateLimit(db, { key: `materials:ip:${ip}`, limit: 10, windowSeconds: 3600 });
  await consumeRateLimit(db, { key: `materials:email:${address}`, limit: 3, windowSeconds: 3600 });
  await db
    .insert(materialRequests)
    .values({ email: address })
    .onConflictDoUpdate({
      target: materialRequests.email,
      set: { requestedAt: sql`now()`, requestCount: sql`${materialRequests.requestCount} + 1` },
    });
  if (!(await sendMail({ mailer, log, to: address, mail: materialsMail({ publicUrl }) }))) {
    throw new DomainError('MATERIAL_REQUEST_FAILED', messages.materialRequestFailed);
  }
}
