-- POST /api/ads/:adId/click (opening an ad) since issue 14: the one statement it sends
-- (apps/server/src/domain/ads/click-ad.ts; the function is in migrations/0004_hot_ad.sql).
-- bench/bench.mjs runs it with pgbench -M prepared (a named statement, parsed and planned once per
-- connection, as the app sends it), at the same concurrency as the HTTP bench. It follows the app:
-- when the statement in the file named above changes, this changes with it. Values the app binds as
-- parameters are pgbench variables or inline constants; the app's clock is now(); its session life
-- is 30 days, refreshed after 1 (services/identity/auth.ts); JSON literals have a space after each
-- colon because pgbench would read ":true" as a variable. :n is a bench user (its id, e-mail hash
-- and session token are all n); the variables come from bench.mjs (pgbenchVariables). Every
-- transaction must take the success path: pgbench stops a client at its first error.
-- A click delivers once per person and ad, so each transaction is a different user who has not
-- opened :freshAd (client c's i-th transaction is user c * :perClient + i), as in
-- click-baseline.sql. The wait is 0 s and the click limit 120 an hour, as the bench's server has them.
\set i :i + 1
\set n :client_id * :perClient + :i
select clicked_at, delivered from qp_click_ad(:n, :freshAd, 0, 120, 3600, now(), 2592000, 86400);
