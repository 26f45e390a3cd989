import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import type { RateLimitRule } from '../rate-limits/consume-rate-limit.ts';
import { sessionLife } from '../session-life.ts';

/**
 * qp_click_ad (click-ad.sql) is the whole click, the session lookup
 * included: a member within their click limit with no other ad's wait running; once per person and
 * ad; one unit of the ad's room taken from one of its slots (never past the cap; the click that takes
 * the last unit stops the ad) and, for an ad with a daily budget, one unit of today's room from one of
 * its day slots (never past the budget in a Japan-time day; the click that takes the day's last unit
 * takes the ad off the list until the next day); the quiz response with the not-yet-answered marker
 * and the billable delivery. One round trip; any refusal changes nothing.
 */
const clickAdStatement: HotStatement = {
  name: 'click-ad',
  text: `select clicked_at, delivered
         from qp_click_ad($1, $2::uuid, $3, $4, $5, $6::timestamptz, $7, $8)`,
};

export interface ClickAdOptions {
  db: Database;
  /** The session of the person clicking (its cookie signature checked). */
  sessionToken: string;
  adId: string;
  waitSeconds: number;
  /** The person's click limit; the key is the person's (`click:user:<id>`). */
  rateLimit: Pick<RateLimitRule, 'limit' | 'windowSeconds'>;
  now?: Date;
}

/** Opening an ad (SPEC §4 "User view of an ad"). Opening the same ad again changes nothing. */
export async function clickAd(options: ClickAdOptions) {
  const { db, sessionToken, adId, waitSeconds, rateLimit, now = new Date() } = options;
  const [clicked] = await runHot<{ clicked_at: Date | string; delivered: boolean }>(db, clickAdStatement, [
    sessionToken,
    adId,
    waitSeconds,
    rateLimit.limit,
    rateLimit.windowSeconds,
    now.toISOString(),
    ...sessionLife,
  ]);
  return { clickedAt: new Date(clicked!.clicked_at), delivered: clicked!.delivered };
}
