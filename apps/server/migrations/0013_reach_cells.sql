-- Member counts per profile cell for the reach estimate.
-- (placeholder until its statements are written)
select 1;
