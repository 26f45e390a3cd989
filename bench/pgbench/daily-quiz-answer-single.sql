-- POST /api/daily-quiz/answer since issue 14: the one statement it sends
-- (apps/server/src/domain/daily-quiz/answer-daily-quiz.ts; the function is in
-- migrations/0003_hot_paths.sql).
-- bench/bench.mjs runs it with pgbench -M prepared (a named statement, parsed and planned once per
-- connection, as the app sends it), at the same concurrency as the HTTP bench. It follows the app:
-- when the statement in the file named above changes, this changes with it. Values the app binds as
-- parameters are pgbench variables or inline constants; the app's clock is now(); its session life
-- is 30 days, refreshed after 1 (services/identity/auth.ts); JSON literals have a space after each
-- colon because pgbench would read ":true" as a variable. :n is a bench user (its id, e-mail hash
-- and session token are all n); the variables come from bench.mjs (pgbenchVariables). Every
-- transaction must take the success path: pgbench stops a client at its first error.
-- An answer is once per person and Japan-time day, and the bench's HTTP run answered today's quiz
-- for its users, so each transaction is its own (user, day) as in gacha-single.sql: user
-- 1 + k mod :users on the day 1 + k div :users days ago, whose quiz bench.mjs publishes.
\set i :i + 1
\set k :i * :clients + :client_id
\set n 1 + :k % :users
\set d 1 + :k / :users
select is_correct, points, correct_option, explanation from qp_answer_daily_quiz(:n, 2, '{"correct": 5, "wrong": 1}', now() - make_interval(days => :d), 2592000, 86400);
