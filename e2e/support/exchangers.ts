import type pg from 'pg';
import type { Page } from 'playwright-core';
import { unique } from './rows.ts';
import { signUpMember, verifyPhone } from './users.ts';

/** Credits points the way an admin adjustment would: a ledger row and the balance, together. */
export async function grantPoints(db: pg.Client, email: string, points: number) {
  await db.query('begin');
  const { rows } = await db.query('update users set points = points + $2 where email = $1 returning id', [
    email,
    points,
  ]);
  await db.query(
    `insert into point_transactions (user_id, points, memo, reason, ref) values ($1, $2, '調整', 'admin_adjustment', $3)`,
    [rows[0].id, points, `e2e-${unique()}`],
  );
  await db.query('commit');
}

/** A member with a verified phone (so they may exchange) and `points` more than the signup bonus. */
export async function verifiedUser(page: Page, db: pg.Client, points: number) {
  const email = await signUpMember(page, 'exchanger');
  const phone = `070${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await verifyPhone(page, phone, `+81${phone.slice(1)}`);
  if (points > 0) await grantPoints(db, email, points);
  return email;
}
