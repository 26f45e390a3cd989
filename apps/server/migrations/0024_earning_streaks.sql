ALTER TABLE "users" ADD COLUMN "earning_streak_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "earning_streak_last_day" date;--> statement-breakpoint
-- Each member's latest run of Japan-time days with points earned, from the ledger so far: days in a
-- row share one value of (day - its rank). From here on the ledger keeps it (domain/points/ledger.sql).
WITH "earning_days" AS (
  SELECT DISTINCT "user_id", ("created_at" AT TIME ZONE 'Asia/Tokyo')::date AS "day"
  FROM "point_transactions"
  WHERE "points" > 0
    AND "reason" IN ('signup_bonus', 'referral_friend', 'referral_referrer', 'ad_quiz', 'gacha', 'daily_quiz')
), "runs" AS (
  SELECT "user_id", "day", "day" - (row_number() OVER (PARTITION BY "user_id" ORDER BY "day"))::integer AS "run"
  FROM "earning_days"
), "last_runs" AS (
  SELECT DISTINCT ON ("user_id") "user_id", count(*)::integer AS "days", max("day") AS "last_day"
  FROM "runs" GROUP BY "user_id", "run" ORDER BY "user_id", max("day") DESC
)
UPDATE "users" SET "earning_streak_days" = "last_runs"."days", "earning_streak_last_day" = "last_runs"."last_day"
FROM "last_runs" WHERE "users"."id" = "last_runs"."user_id";
