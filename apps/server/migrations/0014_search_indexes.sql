-- Indexes for the admin searches (pg_trgm) and the advertiser list.
-- (placeholder until its statements are written)
select 1;
