-- The only place points change (domain/points/ledger.ts calls it for every other cause): the
-- ledger row, unique per user, reason and cause, and the balance, which never goes below zero.
-- Returns the new balance, or null when this cause was already recorded (nothing changes).
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
  update users set points = points + p_points, updated_at = now()
  where id = p_user_id and points + p_points >= 0
  returning points into v_balance;
  if v_balance is null then
    perform qp_refuse('INSUFFICIENT_POINTS');
  end if;
  return v_balance;
end
$$;
