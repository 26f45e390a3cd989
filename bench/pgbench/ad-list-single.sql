-- GET /api/ads (the ad list) since issue 14: the one statement it sends per request
-- (apps/server/src/domain/ads/list-ads-for-user.ts; the function is in migrations/0007_ad_list_pages.sql):
-- the session, the viewer's segment, the catalogue version and the first page (50) of the ads the
-- person has not answered. The segment's ads come from the server's cache while the version stays
-- (qp_segment_ads reads them when it moves).
-- bench/bench.mjs runs it with pgbench -M prepared (a named statement, parsed and planned once per
-- connection, as the app sends it), at the same concurrency as the HTTP bench. It follows the app:
-- when the statement in the file named above changes, this changes with it. Values the app binds as
-- parameters are pgbench variables or inline constants; the app's clock is now(); its session life
-- is 30 days, refreshed after 1 (services/identity/auth.ts); JSON literals have a space after each
-- colon because pgbench would read ":true" as a variable. :n is a bench user (its id, e-mail hash
-- and session token are all n); the variables come from bench.mjs (pgbenchVariables). Every
-- transaction must take the success path: pgbench stops a client at its first error.
-- User 1 is the user the HTTP bench lists ads for.
\set n 1
select viewer_gender, viewer_age_band, catalogue_version, ad_id, clicked_at, ad_provider, ad_title, ad_url, user_reward, created_at from qp_list_ads_for_member(:n, now(), 2592000, 86400, null, 50);
