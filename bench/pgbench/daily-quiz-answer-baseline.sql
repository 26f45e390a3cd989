-- POST /api/daily-quiz/answer (today's daily quiz, right)
-- as it ran before issue 14 (commit 0b06dd7): every statement it sent, in order, copied from
-- PostgreSQL's statement log of one request. This is a FIXED BASELINE of npm run bench:
-- targets are ratios to it, so it must not be edited, even when the endpoint changes.
-- bench/bench.mjs runs it with pgbench -M extended (unnamed statements, as the app sent them).
-- Values the app bound as parameters are pgbench variables when they vary per request and inline
-- when constant; the app's own timestamps are now(); JSON literals have a space after each colon
-- (the same jsonb) because pgbench would read ":true" as a variable. :n is a bench user (its id,
-- e-mail hash and session token are all n); the variables come from bench.mjs (pgbenchVariables).
-- The daily quiz is once per person and day, so the response's e-mail hash (:r) and the ledger
-- cause (:r) are random so that every transaction answers and credits; :day is today's quiz.
\set n random(1, :users)
\set r random(1, 1000000000000)
\include parts/session-lookup.sql
begin;
select "id", "name", "email", "email_verified", "image", "created_at", "updated_at", "role", "banned", "ban_reason", "ban_expires", "email_hash", "points", "last_login_at", "phone_hash", "phone_verified_at", "referral_code", "referred_by", "birth_date", "gender", "zip_code", "prefecture", "city", "marital_status", "has_children", "occupation", "annual_income", "last_daily_claim", "last_daily_quiz_id", "card_registered", "display_name", "signup_completed_at", "withdrawn_at" from "users" where "users"."id" = :n for update;
select "publish_date", "quiz_question", "quiz_options", "correct_option_index", "explanation", "created_at", "updated_at" from "daily_quizzes" where "daily_quizzes"."publish_date" = :day for share;
select "value" from "app_settings" where "app_settings"."key" = 'dailyQuizPoints';
insert into "quiz_responses" ("id", "user_id", "email_hash", "ad_id", "daily_quiz_id", "clicked_at", "answered_at", "selected_option", "is_correct", "reward_given", "points_awarded", "created_at") values (default, :n, :r, default, :day, now(), now(), 2, true, true, 5, default) on conflict do nothing returning "id";
insert into "point_transactions" ("id", "user_id", "points", "memo", "reason", "ref", "created_at") values (default, :n, 5, 'デイリークイズ', 'daily_quiz', :r, default) on conflict ("user_id","reason","ref") do nothing returning "id";
update "users" set "updated_at" = now(), "points" = "users"."points" + 5 where ("users"."id" = :n and "users"."points" + 5 >= 0) returning "points";
update "users" set "updated_at" = now(), "last_daily_quiz_id" = :day where "users"."id" = :n;
commit;
