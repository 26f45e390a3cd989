-- A fixed window of hits per key, kept in the database so it holds across instances
-- (domain/rate-limits/consume-rate-limit.ts calls it too). True while within the limit.
create or replace function qp_count_rate_limit_hit(p_key text, p_limit integer, p_window_seconds integer) returns boolean
language sql as $$
  insert into rate_limits (key, window_started_at, hits) values (p_key, now(), 1)
  on conflict (key) do update set
    hits = case when rate_limits.window_started_at <= now() - make_interval(secs => p_window_seconds)
                then 1 else rate_limits.hits + 1 end,
    window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => p_window_seconds)
                then now() else rate_limits.window_started_at end
  returning hits <= p_limit
$$;
