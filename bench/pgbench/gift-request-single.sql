-- POST /api/gift-requests since issue 14: the one statement it sends
-- (apps/server/src/domain/gifts/request-gift.ts; the functions are in migrations/0003_hot_paths.sql and
-- 0006_gift_codes_notices.sql). The bench loads no gift codes, so every exchange waits for the admin.
-- The confirmation mail the app sends after it is not part of the statement.
-- bench/bench.mjs runs it with pgbench -M prepared (a named statement, parsed and planned once per
-- connection, as the app sends it), at the same concurrency as the HTTP bench. It follows the app:
-- when the statement in the file named above changes, this changes with it. Values the app binds as
-- parameters are pgbench variables or inline constants; the app's clock is now(); its session life
-- is 30 days, refreshed after 1 (services/identity/auth.ts); JSON literals have a space after each
-- colon because pgbench would read ":true" as a variable. :n is a bench user (its id, e-mail hash
-- and session token are all n); the variables come from bench.mjs (pgbenchVariables). Every
-- transaction must take the success path: pgbench stops a client at its first error.
-- Bench users hold ten million points, so any user may exchange again.
\set n random(1, :users)
select r.id, r.gift_type, r.points_used, case when c.code is null then r.status else 'issued' end as status, r.created_at, r.email, r.label, c.code as code_ciphertext from qp_request_gift(:n, 'amazon', 1000, '[{"id": "amazon", "label": "Amazonギフトカード", "amounts": [1000, 3000, 5000, 10000]}]', now(), 2592000, 86400) r cross join lateral qp_take_gift_code(r.id, r.gift_type, r.points_used, now()) c(code);
