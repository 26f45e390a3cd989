-- Indexes for the monthly billing run in batches.
-- (placeholder until its statements are written)
select 1;
