-- Failed payments (issue 17): what the handling of a failed charge needs to record.
-- (placeholder until its statements are written)
select 1;
