-- page_views partitioned by month.
-- (placeholder until its statements are written)
select 1;
