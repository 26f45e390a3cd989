-- The operator's daily figures (sign-ups, active members, points, deliveries, revenue, page views).
-- (placeholder until its statements are written)
select 1;
