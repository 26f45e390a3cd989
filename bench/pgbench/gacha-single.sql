-- POST /api/gacha/claim since issue 14: the one statement it sends
-- (apps/server/src/domain/gacha/claim-daily-gacha.ts; the function is in migrations/0003_hot_paths.sql).
-- bench/bench.mjs runs it with pgbench -M prepared (a named statement, parsed and planned once per
-- connection, as the app sends it), at the same concurrency as the HTTP bench. It follows the app:
-- when the statement in the file named above changes, this changes with it. Values the app binds as
-- parameters are pgbench variables or inline constants; the app's clock is now(); its session life
-- is 30 days, refreshed after 1 (services/identity/auth.ts); JSON literals have a space after each
-- colon because pgbench would read ":true" as a variable. :n is a bench user (its id, e-mail hash
-- and session token are all n); the variables come from bench.mjs (pgbenchVariables). Every
-- transaction must take the success path: pgbench stops a client at its first error.
-- A claim is once per person and Japan-time day, and the bench's HTTP run claimed today for its
-- users, so each transaction is its own (user, day): the k-th transaction overall (k = i × clients +
-- client) is user 1 + k mod :users on the day 1 + k div :users days ago (bench users are 18 or over
-- on every such day, and their sessions live on them). The draw is random() as the app's is random.
\set i :i + 1
\set k :i * :clients + :client_id
\set n 1 + :k % :users
\set d 1 + :k / :users
select reward from qp_claim_gacha(:n, random(), '[{"points": 1, "weight": 40}, {"points": 3, "weight": 30}, {"points": 5, "weight": 20}, {"points": 10, "weight": 9}, {"points": 50, "weight": 1}]', now() - make_interval(days => :d), 2592000, 86400);
