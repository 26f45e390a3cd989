-- The SPEC §9 age group on the Japan-time calendar day of p_now, as ageBandOf(ageOn(...)) in
-- packages/shared/src/core/age.ts (a test holds the two equal): 10s is under 20, 60s is 60 and over.
create or replace function qp_age_band(p_birth_date date, p_now timestamptz) returns text
language sql stable as $$
  select case
    when a < 20 then '10s'
    when a >= 60 then '60s'
    else (a / 10)::text || '0s'
  end
  from (select extract(year from age((p_now at time zone 'Asia/Tokyo')::date, p_birth_date))::integer a) age
$$;

-- Who is a member (decision 012), the one place this is decided: a Google user, not withdrawn, who
-- completed signup and is 18 or over on today's Japan-time calendar day, counted in whole years as
-- ageOn (packages/shared/src/core/age.ts) counts them: born on 29 February, 18 on 1 March.
create or replace function qp_is_member(u users, p_now timestamptz) returns boolean
language sql stable as $$
  select u.role = 'user'
    and u.withdrawn_at is null
    and u.signup_completed_at is not null
    and u.birth_date is not null
    and extract(year from age((p_now at time zone 'Asia/Tokyo')::date, u.birth_date)) >= 18
$$;

-- The member behind a session token (as qp_member below), with the person's row
-- locked only when p_lock: a request that only reads (the ad list) need not queue behind writes.
create or replace function qp_session_member(
  p_token text, p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer, p_lock boolean
) returns users
language plpgsql as $$
declare
  v_session auth_sessions;
  v_user users;
begin
  select * into v_session from auth_sessions where token = p_token and expires_at > p_now;
  if v_session.id is not null and p_lock then
    select * into v_user from users where id = v_session.user_id and withdrawn_at is null for update;
  elsif v_session.id is not null then
    select * into v_user from users where id = v_session.user_id and withdrawn_at is null;
  end if;
  if v_user.id is null then
    perform qp_refuse('UNAUTHENTICATED');
  end if;
  if v_user.role <> 'user' then
    perform qp_refuse('FORBIDDEN');
  end if;
  if v_user.banned then
    perform qp_refuse('SUSPENDED');
  end if;
  if not qp_is_member(v_user, p_now) then
    perform qp_refuse('SIGNUP_REQUIRED');
  end if;
  if v_session.expires_at < p_now + make_interval(secs => p_life_seconds - p_refresh_after_seconds) then
    update auth_sessions set expires_at = p_now + make_interval(secs => p_life_seconds), updated_at = p_now
    where id = v_session.id;
  end if;
  return v_user;
end
$$;

create or replace function qp_member(p_token text, p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer)
returns users
language sql as $$
  select qp_session_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds, true)
$$;
