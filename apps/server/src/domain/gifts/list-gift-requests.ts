import type { PendingGiftRequest } from '@quiz-points/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { giftCodes, giftRequests, users } from '../../db/schema.ts';
import type { GiftCodeCipher } from './gift-code-cipher.ts';
import { toGiftRequestView } from './to-gift-request-view.ts';

/**
 * A user's own requests, newest first (SPEC §2 exchange history), with the code of each issued one:
 * typed in by the admin, or from the inventory (decrypted here, for its owner only).
 */
export async function listGiftRequests(options: { db: Database; cipher: GiftCodeCipher; userId: string }) {
  const { db, cipher, userId } = options;
  const rows = await db
    .select({ request: giftRequests, codeCiphertext: giftCodes.codeCiphertext })
    .from(giftRequests)
    .leftJoin(giftCodes, eq(giftCodes.giftRequestId, giftRequests.id))
    .where(eq(giftRequests.userId, userId))
    .orderBy(desc(giftRequests.createdAt))
    .limit(100);
  return rows.map(({ request, codeCiphertext }) =>
    toGiftRequestView({
      ...request,
      giftCode: codeCiphertext === null ? request.giftCode : cipher.decrypt(codeCiphertext),
    }),
  );
}

/** Pending requests, oldest first, with what the admin needs to judge the risk. */
export async function listPendingGiftRequests({ db, now = new Date() }: { db: Database; now?: Date }) {
  const rows = await pendingGiftRequestLines(db);
  return rows.map(
    (row): PendingGiftRequest => ({
      ...toGiftRequestView(row.request),
      userId: row.request.userId,
      email: row.email,
      risk: {
        phoneVerified: row.phoneVerifiedAt !== null,
        accountAgeDays: Math.floor((now.getTime() - row.createdAt.getTime()) / 86_400_000),
        earnedLast7Days: Number(row.earnedLast7Days),
        withdrawnBefore: Boolean(row.withdrawnBefore),
      },
    }),
  );
}

/**
 * The pending list's statement: gift_requests_status_idx in order, each person by primary key, the
 * week's earnings by point_transactions_user_idx and "withdrew before" by deleted_users' e-mail and
 * phone hash indexes (both, or the OR reads every withdrawn person for each request).
 */
export const pendingGiftRequestLines = (db: Database) =>
  db
    .select({
      request: giftRequests,
      email: users.email,
      phoneVerifiedAt: users.phoneVerifiedAt,
      createdAt: users.createdAt,
      earnedLast7Days: sql<number>`(select coalesce(sum(points), 0)::int from point_transactions t
        where t.user_id = ${users.id} and t.points > 0 and t.created_at > now() - interval '7 days')`,
      withdrawnBefore: sql<boolean>`exists (select 1 from deleted_users d
        where d.email_hash = ${users.emailHash} or (${users.phoneHash} is not null and d.phone_hash = ${users.phoneHash}))`,
    })
    .from(giftRequests)
    .innerJoin(users, eq(users.id, giftRequests.userId))
    .where(eq(giftRequests.status, 'pending'))
    .orderBy(asc(giftRequests.createdAt))
    .limit(200);
