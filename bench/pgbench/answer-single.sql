-- POST /api/ads/:adId/answer since issue 14: the one statement it sends
-- (apps/server/src/domain/ads/answer-ad-quiz.ts; the function is in migrations/0004_hot_ad.sql).
-- bench/bench.mjs runs it with pgbench -M prepared (a named statement, parsed and planned once per
-- connection, as the app sends it), at the same concurrency as the HTTP bench. It follows the app:
-- when the statement in the file named above changes, this changes with it. Values the app binds as
-- parameters are pgbench variables or inline constants; the app's clock is now(); its session life
-- is 30 days, refreshed after 1 (services/identity/auth.ts); JSON literals have a space after each
-- colon because pgbench would read ":true" as a variable. :n is a bench user (its id, e-mail hash
-- and session token are all n); the variables come from bench.mjs (pgbenchVariables). Every
-- transaction must take the success path: pgbench stops a client at its first error.
-- Every bench user has opened :ad, and an answer is once per person and ad, so each transaction
-- is a different user (client c's i-th transaction is user c * :perClient + i). The wait is 0 s and
-- the answer limit 240 an hour, as the bench's server has them.
\set i :i + 1
\set n :client_id * :perClient + :i
select is_correct, points, correct_option from qp_answer_ad_quiz(:n, :ad, 2, 0, 240, 3600, now(), 2592000, 86400);
