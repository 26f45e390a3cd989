-- Whether a point change is points earned (packages/shared earningReasons, checked equal by
-- ledger.test.ts): a gift refund or an operator's adjustment is not.
create or replace function qp_is_earning(p_reason text, p_points integer) returns boolean
language sql immutable as $$
  select p_points > 0
    and p_reason in ('signup_bonus', 'referral_friend', 'referral_referrer', 'ad_quiz', 'gacha', 'daily_quiz')
$$;

-- The streak once something is earned on p_today: unchanged on the same day, one longer the day
-- after its last day, a new run of one after a day without.
create or replace function qp_streak_after(p_days integer, p_last_day date, p_today date) returns integer
language sql immutable as $$
  select case
    when p_last_day = p_today then p_days
    when p_last_day = p_today - 1 then p_days + 1
    else 1
  end
$$;

-- The only place points change (domain/points/ledger.ts calls it for every other cause): the
-- ledger row, unique per user, reason and cause, and the balance, which never goes below zero.
-- Returns the new balance, or null when this cause was already recorded (nothing changes). Points
-- earned (qp_is_earning) also carry the member's streak of Japan-time days on (qp_streak_after).
create or replace function qp_apply_point_change(
  p_user_id text, p_points integer, p_reason text, p_ref text, p_memo text
) returns integer
language plpgsql as $$
declare
  v_balance integer;
begin
  if p_points is null or p_points = 0 then
    raise exception 'a point change must be a non-zero integer';
  end if;
  insert into point_transactions (user_id, points, reason, ref, memo)
  values (p_user_id, p_points, p_reason, p_ref, p_memo)
  on conflict (user_id, reason, ref) do nothing;
  if not found then
    return null;
  end if;
  update users set
    points = points + p_points,
    earning_streak_days = case
      when qp_is_earning(p_reason, p_points)
        then qp_streak_after(earning_streak_days, earning_streak_last_day, qp_japan_day(now()))
      else earning_streak_days end,
    earning_streak_last_day = case
      when qp_is_earning(p_reason, p_points) then qp_japan_day(now())
      else earning_streak_last_day end,
    updated_at = now()
  where id = p_user_id and points + p_points >= 0
  returning points into v_balance;
  if v_balance is null then
    perform qp_refuse('INSUFFICIENT_POINTS');
  end if;
  return v_balance;
end
$$;
