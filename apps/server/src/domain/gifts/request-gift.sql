-- Takes the oldest available code of a gift type and amount for a request that was just made
-- (FOR UPDATE SKIP LOCKED: simultaneous exchanges take different codes and never wait on each other),
-- gives it to the request and marks the request issued; null when none is in stock, and the request
-- stays pending for the admin. domain/gifts/request-gift.ts calls it in the same statement as
-- qp_request_gift (below), so the exchange and its code are one round trip and one
-- transaction.
create or replace function qp_take_gift_code(p_request_id uuid, p_gift_type text, p_amount integer, p_now timestamptz)
returns text
language plpgsql as $$
declare
  v_code text;
begin
  update gift_codes c set status = 'issued', gift_request_id = p_request_id, issued_at = p_now
  where c.id = (
    select s.id from gift_codes s
    where s.gift_type = p_gift_type and s.amount = p_amount and s.status = 'available'
    order by s.id
    limit 1
    for update skip locked
  )
  returning c.code_ciphertext into v_code;
  if v_code is not null then
    update gift_requests set status = 'issued', settled_at = p_now, settled_by = 'inventory'
    where id = p_request_id;
  end if;
  return v_code;
end
$$;

-- A point exchange (SPEC §4, §9): a gift type and amount the settings offer (p_default_types when
-- never stored), a verified phone, then the request and its debit together, so no number of
-- simultaneous requests can overdraw (qp_apply_point_change refuses INSUFFICIENT_POINTS). Returns
-- the request with what its confirmation mail needs.
create or replace function qp_request_gift(
  p_token text, p_gift_type text, p_points integer, p_default_types jsonb, p_now timestamptz,
  p_life_seconds integer, p_refresh_after_seconds integer
) returns table (
  id uuid, gift_type text, points_used integer, status text, created_at timestamptz, email text, label text
)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_types jsonb := coalesce((select value from app_settings where key = 'giftTypes'), p_default_types);
  v_type jsonb;
  v_request gift_requests;
begin
  select t into v_type from jsonb_array_elements(v_types) t where t ->> 'id' = p_gift_type;
  if v_type is null then
    perform qp_refuse('VALIDATION', 'giftTypeUnavailable');
  end if;
  if not (v_type -> 'amounts') @> to_jsonb(p_points) then
    perform qp_refuse('VALIDATION', 'giftAmountInvalid');
  end if;
  if v_user.phone_verified_at is null then
    perform qp_refuse('PHONE_REQUIRED', 'giftNeedsPhone');
  end if;
  insert into gift_requests (user_id, gift_type, points_used, created_at)
  values (v_user.id, p_gift_type, p_points, p_now)
  returning * into v_request;
  perform qp_apply_point_change(v_user.id, -p_points, 'gift_request', v_request.id::text, (v_type ->> 'label') || 'への交換');
  return query select v_request.id, v_request.gift_type, v_request.points_used, v_request.status,
    v_request.created_at, v_user.email, v_type ->> 'label';
end
$$;
