-- POST /api/ads/:adId/answer (an ad quiz answer, right)
-- as it ran before issue 14 (commit 0b06dd7): every statement it sent, in order, copied from
-- PostgreSQL's statement log of one request. This is a FIXED BASELINE of npm run bench:
-- targets are ratios to it, so it must not be edited, even when the endpoint changes.
-- bench/bench.mjs runs it with pgbench -M extended (unnamed statements, as the app sent them).
-- Values the app bound as parameters are pgbench variables when they vary per request and inline
-- when constant; the app's own timestamps are now(); JSON literals have a space after each colon
-- (the same jsonb) because pgbench would read ":true" as a variable. :n is a bench user (its id,
-- e-mail hash and session token are all n); the variables come from bench.mjs (pgbenchVariables).
-- Every bench user has opened :ad, so the response row is found as the endpoint finds it; the
-- UPDATE uses its id as the app did. :r is a random cause so that every transaction credits (the
-- app's cause is the ad id, once per person). The rate-limit key is the user's number (the
-- app's: answer:user:<id>).
\set n random(1, :users)
\set r random(1, 1000000000000)
\include parts/session-lookup.sql
begin;
\include parts/rate-limit.sql
select "id", "user_id", "email_hash", "ad_id", "daily_quiz_id", "clicked_at", "answered_at", "selected_option", "is_correct", "reward_given", "points_awarded", "created_at" from "quiz_responses" where ("quiz_responses"."email_hash" = :n and "quiz_responses"."ad_id" = :ad) for update \gset response_
select "id", "advertiser_id", "ad_provider", "ad_url", "ad_title", "quiz_question", "quiz_options", "user_reward", "base_fee", "extra_targeting_fee", "unit_price", "max_deliveries", "delivery_count", "status", "is_active", "target_gender", "target_age_range", "rejection_reason", "is_house_ad", "created_at", "updated_at" from "ads" where "ads"."id" = :ad;
select "ad_id", "correct_option_index", "uid" from "quiz_answers" where "quiz_answers"."ad_id" = :ad;
update "quiz_responses" set "answered_at" = now(), "selected_option" = 2, "is_correct" = true, "reward_given" = true, "points_awarded" = 10 where "quiz_responses"."id" = :response_id;
insert into "point_transactions" ("id", "user_id", "points", "memo", "reason", "ref", "created_at") values (default, :n, 10, 'クイズ正解：広告', 'ad_quiz', :r, default) on conflict ("user_id","reason","ref") do nothing returning "id";
update "users" set "updated_at" = now(), "points" = "users"."points" + 10 where ("users"."id" = :n and "users"."points" + 10 >= 0) returning "points";
commit;
