-- POST /api/gacha/claim (the daily gacha)
-- as it ran before issue 14 (commit 0b06dd7): every statement it sent, in order, copied from
-- PostgreSQL's statement log of one request. This is a FIXED BASELINE of npm run bench:
-- targets are ratios to it, so it must not be edited, even when the endpoint changes.
-- bench/bench.mjs runs it with pgbench -M extended (unnamed statements, as the app sent them).
-- Values the app bound as parameters are pgbench variables when they vary per request and inline
-- when constant; the app's own timestamps are now(); JSON literals have a space after each colon
-- (the same jsonb) because pgbench would read ":true" as a variable. :n is a bench user (its id,
-- e-mail hash and session token are all n); the variables come from bench.mjs (pgbenchVariables).
-- :r is a random cause so that every transaction credits (the app's cause is the day, once per person).
\set n random(1, :users)
\set r random(1, 1000000000000)
\include parts/session-lookup.sql
begin;
select "last_daily_claim" from "users" where "users"."id" = :n for update;
select "value" from "app_settings" where "app_settings"."key" = 'gachaTable';
insert into "point_transactions" ("id", "user_id", "points", "memo", "reason", "ref", "created_at") values (default, :n, 3, 'デイリーガチャ', 'gacha', :r, default) on conflict ("user_id","reason","ref") do nothing returning "id";
update "users" set "updated_at" = now(), "points" = "users"."points" + 3 where ("users"."id" = :n and "users"."points" + 3 >= 0) returning "points";
update "users" set "updated_at" = now(), "last_daily_claim" = now() where "users"."id" = :n;
commit;
