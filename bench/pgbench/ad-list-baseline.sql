-- GET /api/ads (the ad list)
-- as it ran before issue 14 (commit 0b06dd7): every statement it sent, in order, copied from
-- PostgreSQL's statement log of one request. This is a FIXED BASELINE of npm run bench:
-- targets are ratios to it, so it must not be edited, even when the endpoint changes.
-- bench/bench.mjs runs it with pgbench -M extended (unnamed statements, as the app sent them).
-- Values the app bound as parameters are pgbench variables when they vary per request and inline
-- when constant; the app's own timestamps are now(); JSON literals have a space after each colon
-- (the same jsonb) because pgbench would read ":true" as a variable. :n is a bench user (its id,
-- e-mail hash and session token are all n); the variables come from bench.mjs (pgbenchVariables).
-- The session lookup, then the list; user 1 is the user the HTTP bench lists ads for.
\set n 1
\include parts/session-lookup.sql
select "ads"."id", "ads"."ad_provider", "ads"."ad_title", "ads"."ad_url", "ads"."user_reward", "quiz_responses"."clicked_at", "quiz_responses"."answered_at" from "ads" left join "quiz_responses" on ("quiz_responses"."ad_id" = "ads"."id" and "quiz_responses"."email_hash" = :n) where ("ads"."status" = 'approved' and ("ads"."is_active" and ((not ("ads"."target_gender" @> '{"male": true}' or "ads"."target_gender" @> '{"female": true}' or "ads"."target_gender" @> '{"other": true}')) or ("ads"."target_gender" ->> 'female')::boolean) and ((not jsonb_path_exists("ads"."target_age_range", '$.* ? (@ == true)')) or ("ads"."target_age_range" ->> '30s')::boolean)) or "quiz_responses"."id" is not null) order by "ads"."user_reward" desc, "ads"."created_at" desc limit 200;
