-- The daily gacha (SPEC §4): one claim per Japan-time day (the user's row held, and the ledger's
-- cause key, the day), the reward drawn from the configured weighted table (p_default_table when
-- the admin never stored one) with p_roll in [0, 1).
-- It names the member's new balance too (a new result type: the function before it goes first).
drop function if exists qp_claim_gacha(text, double precision, jsonb, timestamptz, integer, integer);
create or replace function qp_claim_gacha(
  p_token text, p_roll double precision, p_default_table jsonb, p_now timestamptz,
  p_life_seconds integer, p_refresh_after_seconds integer
) returns table (reward integer, balance integer)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_today text := to_char(p_now at time zone 'Asia/Tokyo', 'YYYYMMDD');
  v_table jsonb := coalesce((select value from app_settings where key = 'gachaTable'), p_default_table);
  v_left double precision;
  v_entry jsonb;
  v_reward integer;
  v_balance integer;
begin
  if to_char(v_user.last_daily_claim at time zone 'Asia/Tokyo', 'YYYYMMDD') = v_today then
    perform qp_refuse('CONFLICT', 'gachaAlreadyClaimed');
  end if;
  v_left := p_roll * (select sum((e ->> 'weight')::double precision) from jsonb_array_elements(v_table) e);
  for v_entry in select * from jsonb_array_elements(v_table) loop
    v_reward := (v_entry ->> 'points')::integer;
    exit when v_left < (v_entry ->> 'weight')::double precision;
    v_left := v_left - (v_entry ->> 'weight')::double precision;
  end loop;
  v_balance := qp_apply_point_change(v_user.id, v_reward, 'gacha', v_today, 'デイリーガチャ');
  if v_balance is null then
    perform qp_refuse('CONFLICT', 'gachaAlreadyClaimed');
  end if;
  update users set last_daily_claim = p_now, updated_at = p_now where id = v_user.id;
  return query select v_reward, v_balance;
end
$$;
