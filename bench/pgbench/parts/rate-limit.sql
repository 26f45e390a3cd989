-- The rate-limit hit click and answer sent before issue 14; the key is the user's number.
insert into rate_limits (key, window_started_at, hits) values (:n, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_started_at <= now() - make_interval(secs => 3600)
                  then 1 else rate_limits.hits + 1 end,
      window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => 3600)
                  then now() else rate_limits.window_started_at end
    returning hits;
