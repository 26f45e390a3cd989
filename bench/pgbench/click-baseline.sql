-- POST /api/ads/:adId/click (opening an ad)
-- as it ran before issue 14 (commit 0b06dd7): every statement it sent, in order, copied from
-- PostgreSQL's statement log of one request. This is a FIXED BASELINE of npm run bench:
-- targets are ratios to it, so it must not be edited, even when the endpoint changes.
-- bench/bench.mjs runs it with pgbench -M extended (unnamed statements, as the app sent them).
-- Values the app bound as parameters are pgbench variables when they vary per request and inline
-- when constant; the app's own timestamps are now(); JSON literals have a space after each colon
-- (the same jsonb) because pgbench would read ":true" as a variable. :n is a bench user (its id,
-- e-mail hash and session token are all n); the variables come from bench.mjs (pgbenchVariables).
-- A click delivers once per person and ad, so each transaction is a different user who has not
-- opened :freshAd: client c's i-th transaction is user c * :perClient + i (bench.mjs runs
-- :perClient transactions per client). The UPDATE's unit price is carried into the delivery as
-- the app carried it. The rate-limit key is the user's number (the app's: click:user:<id>).
\set i :i + 1
\set n :client_id * :perClient + :i
\include parts/session-lookup.sql
begin;
\include parts/rate-limit.sql
select "id" from "users" where "users"."id" = :n for update;
select "clicked_at" from "quiz_responses" where ("quiz_responses"."email_hash" = :n and "quiz_responses"."ad_id" = :freshAd);
select "ad_id" from "quiz_responses" where ("quiz_responses"."user_id" = :n and "quiz_responses"."ad_id" <> :freshAd and "quiz_responses"."answered_at" is null and "quiz_responses"."clicked_at" > now()) limit 1;
update "ads" set "delivery_count" = "ads"."delivery_count" + 1, "is_active" = "ads"."delivery_count" + 1 < "ads"."max_deliveries", "updated_at" = now() where ("ads"."id" = :freshAd and "ads"."status" = 'approved' and "ads"."is_active" = true and "ads"."delivery_count" < "ads"."max_deliveries" and ((not ("ads"."target_gender" @> '{"male": true}' or "ads"."target_gender" @> '{"female": true}' or "ads"."target_gender" @> '{"other": true}')) or ("ads"."target_gender" ->> 'female')::boolean) and ((not jsonb_path_exists("ads"."target_age_range", '$.* ? (@ == true)')) or ("ads"."target_age_range" ->> '30s')::boolean)) returning "unit_price" \gset
insert into "quiz_responses" ("id", "user_id", "email_hash", "ad_id", "daily_quiz_id", "clicked_at", "answered_at", "selected_option", "is_correct", "reward_given", "points_awarded", "created_at") values (default, :n, :n, :freshAd, default, now(), default, default, default, default, default, now());
insert into "ad_deliveries" ("id", "ad_id", "user_id", "unit_price", "delivered_at", "invoice_id") values (default, :freshAd, :n, :unit_price, now(), default);
commit;
