import { hashPassword } from 'better-auth/crypto';
import type pg from 'pg';

/** A short random word, to keep each test's people and ads apart from every other's. */
export const unique = () => Math.random().toString(36).slice(2, 8);

/** A confirmed advertiser with a card and a password, as sign-up, the mailed link and the checkout leave one. */
export async function insertAdvertiserWithPassword(
  db: pg.Client,
  { idPrefix, company, password }: { idPrefix: string; company: string; password: string },
) {
  const id = `${idPrefix}-${unique()}`;
  const email = `${id}@example.com`;
  await db.query(
    `insert into users (id, name, email, email_verified, email_hash, role, display_name, card_registered)
     values ($1, $3, $2, true, $1, 'advertiser', $3, true)`,
    [id, email, company],
  );
  await db.query(
    `insert into auth_accounts (id, account_id, provider_id, user_id, password)
     values ($1, $2, 'credential', $2, $3)`,
    [`account-${id}`, id, await hashPassword(password)],
  );
  return { id, email };
}

/**
 * A new person clicked through `adId` at `at` (a delivery at `unitPrice`, keeping the person's gender
 * and age band at the click, as the click writes them) and, when `option` is given, answered 40
 * seconds later; option 2 is the correct one.
 */
export async function insertClickThrough(
  db: pg.Client,
  {
    adId,
    at,
    option,
    unitPrice,
    idPrefix,
    person = {},
  }: {
    adId: string;
    at: Date;
    option?: number;
    unitPrice: number;
    idPrefix: string;
    person?: { gender?: string; birthDate?: string };
  },
) {
  const id = `${idPrefix}-${unique()}`;
  await db.query(
    `insert into users (id, email, email_hash, role, gender, birth_date) values ($1, $2, $1, 'user', $3, $4)`,
    [id, `${id}@example.com`, person.gender ?? null, person.birthDate ?? null],
  );
  await db.query(
    `insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at, gender, age_band)
     select $1, u.id, $4, $3, u.gender, qp_age_band(u.birth_date, $3) from users u where u.id = $2`,
    [adId, id, at, unitPrice],
  );
  await db.query(
    `insert into quiz_responses (user_id, email_hash, ad_id, clicked_at, answered_at, selected_option, is_correct, reward_given)
     values ($1, $1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      adId,
      at,
      option ? new Date(at.getTime() + 40_000) : null,
      option ?? null,
      option ? option === 2 : null,
      option !== undefined,
    ],
  );
}
