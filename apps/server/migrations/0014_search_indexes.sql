-- Indexes for the admin's searches and lists (docs/performance.md "The admin's searches"). The
-- indexes say `if not exists` so that on a large live database they can be built beforehand with
-- CREATE INDEX CONCURRENTLY (docs/deploy.md), and this migration then finds them.
-- pg_trgm is a trusted extension: the schema owner that runs the migrations may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- An address as one word for pg_trgm, which splits words at anything but letters and digits: its
-- punctuation (all an address may hold: . @ _ ' + -) becomes letters no address has. Every three
-- characters of a searched fragment are then a trigram, so "o.com" or "a.b" look up their own
-- trigrams instead of every address with a word starting with "c" or "b". Lower case, as ILIKE.
CREATE OR REPLACE FUNCTION qp_email_trigram_text(p_email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select translate(lower(p_email), '.@_''+-', 'ぁぃぅぇぉゃ')
$$;--> statement-breakpoint
-- Part of an e-mail, anywhere in it (domain/admin-users/search-users.ts).
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin (qp_email_trigram_text("email") gin_trgm_ops);--> statement-breakpoint
-- The user search lists newest first: a fragment many addresses hold ("gmail") is read in this
-- order and stops when the page is full, instead of collecting every match. `desc` in a query puts
-- nulls first, so the index does too, or it could not give that order.
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The advertiser list (advertisers only, not withdrawn, newest first): a few thousand entries among
-- the members, read in the list's order; a search filters these rows only.
CREATE INDEX IF NOT EXISTS "users_advertisers_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "users"."role" = 'advertiser' and "users"."withdrawn_at" is null;--> statement-breakpoint
-- "Withdrew before" (the gift requests' risk column, and the sign-up's check) matches the e-mail hash
-- or the phone hash: both need an index, or each lookup reads every withdrawn person.
CREATE INDEX IF NOT EXISTS "deleted_users_phone_hash_idx" ON "deleted_users" USING btree ("phone_hash") WHERE "deleted_users"."phone_hash" is not null;
