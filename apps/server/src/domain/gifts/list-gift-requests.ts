import type { PendingGiftRequest } from '@quiz-points/shared';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { likeFragment } from '../../db/like-fragment.ts';
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

/** The most pending requests one page lists. */
export const GIFT_REQUEST_PAGE_SIZE = 50;

type PendingListOptions = { db: Database; q?: string; cursor?: string };

/**
 * Pending requests, oldest first (ties by id), a page at a time, with what the admin needs to judge
 * the risk: all, or those of the people whose e-mail holds `q`. The page after `cursor` (the last
 * request of the page before) starts after its (created_at, id), so a settlement meanwhile shifts
 * nothing. `total` counts every pending request the search finds.
 */
export async function listPendingGiftRequests({
  db,
  q,
  cursor,
  now = new Date(),
}: PendingListOptions & { now?: Date }) {
  const [rows, [counted]] = await Promise.all([
    pendingGiftRequestLines(db, { q, cursor, limit: GIFT_REQUEST_PAGE_SIZE + 1 }),
    db
      .select({ total: count() })
      .from(giftRequests)
      .innerJoin(users, eq(users.id, giftRequests.userId))
      .where(pendingMatching(q)),
  ]);
  const page = rows.slice(0, GIFT_REQUEST_PAGE_SIZE);
  return {
    requests: page.map(
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
    ),
    nextCursor: rows.length > GIFT_REQUEST_PAGE_SIZE ? page.at(-1)!.request.id : null,
    total: counted?.total ?? 0,
  };
}

/** The pending requests `q` finds, by part of the person's e-mail (any case). */
const pendingMatching = (q: string | undefined): SQL | undefined =>
  and(eq(giftRequests.status, 'pending'), q ? ilike(users.email, likeFragment(q)) : undefined);

/**
 * The pending list's statement: gift_requests_status_idx in order, each person by primary key, the
 * week's earnings by point_transactions_user_idx and "withdrew before" by deleted_users' e-mail and
 * phone hash indexes (both, or the OR reads every withdrawn person for each request).
 */
export const pendingGiftRequestLines = (
  db: Database,
  { q, cursor, limit = GIFT_REQUEST_PAGE_SIZE }: { q?: string; cursor?: string; limit?: number } = {},
) =>
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
    .where(
      and(
        pendingMatching(q),
        cursor
          ? sql`(${giftRequests.createdAt}, ${giftRequests.id}) > (select seen.created_at, seen.id from gift_requests seen where seen.id = ${cursor})`
          : undefined,
      ),
    )
    .orderBy(asc(giftRequests.createdAt), asc(giftRequests.id))
    .limit(limit);
