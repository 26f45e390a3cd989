-- POST /api/gift-requests (a 1,000 Pt Amazon gift request)
-- as it ran before issue 14 (commit 0b06dd7): every statement it sent, in order, copied from
-- PostgreSQL's statement log of one request. This is a FIXED BASELINE of npm run bench:
-- targets are ratios to it, so it must not be edited, even when the endpoint changes.
-- bench/bench.mjs runs it with pgbench -M extended (unnamed statements, as the app sent them).
-- Values the app bound as parameters are pgbench variables when they vary per request and inline
-- when constant; the app's own timestamps are now(); JSON literals have a space after each colon
-- (the same jsonb) because pgbench would read ":true" as a variable. :n is a bench user (its id,
-- e-mail hash and session token are all n); the variables come from bench.mjs (pgbenchVariables).
-- The ledger's cause is the new request's id, as in the app. The confirmation mail is the
-- development stand-in's outbox row, as the bench's server writes it.
\set n random(1, :users)
\include parts/session-lookup.sql
select "value" from "app_settings" where "app_settings"."key" = 'giftTypes';
begin;
select "id", "name", "email", "email_verified", "image", "created_at", "updated_at", "role", "banned", "ban_reason", "ban_expires", "email_hash", "points", "last_login_at", "phone_hash", "phone_verified_at", "referral_code", "referred_by", "birth_date", "gender", "zip_code", "prefecture", "city", "marital_status", "has_children", "occupation", "annual_income", "last_daily_claim", "last_daily_quiz_id", "card_registered", "display_name", "signup_completed_at", "withdrawn_at" from "users" where "users"."id" = :n for update;
insert into "gift_requests" ("id", "user_id", "gift_type", "points_used", "status", "gift_code", "rejection_reason", "created_at", "settled_at", "settled_by") values (default, :n, 'amazon', 1000, default, default, default, default, default, default) returning "id", "user_id", "gift_type", "points_used", "status", "gift_code", "rejection_reason", "created_at", "settled_at", "settled_by" \gset gift_
insert into "point_transactions" ("id", "user_id", "points", "memo", "reason", "ref", "created_at") values (default, :n, -1000, 'Amazonギフトカードへの交換', 'gift_request', :gift_id, default) on conflict ("user_id","reason","ref") do nothing returning "id";
update "users" set "updated_at" = now(), "points" = "users"."points" + -1000 where ("users"."id" = :n and "users"."points" + -1000 >= 0) returning "points";
commit;
insert into "dev_outbox" ("id", "to", "subject", "text", "sent_at") values (default, 'bench@example.com', '【クイズポイント】ポイント交換を受け付けました', 'Amazonギフトカード（1,000 Pt）への交換を受け付けました。
ギフトコードは3営業日以内にメールでお送りします。
交換履歴からも状況を確認できます。', default);
