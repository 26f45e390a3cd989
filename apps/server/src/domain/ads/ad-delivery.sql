create or replace function qp_ad_slot_count() returns integer
language sql immutable as $$ select 32 $$;

-- Slot p_slot's share of p_total spread evenly over an ad's slots (the first p_total % slots one more).
create or replace function qp_slot_share(p_total integer, p_slot integer) returns integer
language sql immutable as $$
  select p_total / qp_ad_slot_count() + case when p_slot < p_total % qp_ad_slot_count() then 1 else 0 end
$$;

-- Every slot of an ad, its delivery slots then its day slots, each in slot order: no click can take
-- from them until the transaction ends (and every click that took from them has committed).
create or replace function qp_lock_ad_slots(p_ad_id uuid) returns void
language plpgsql as $$
begin
  perform 1 from ad_delivery_slots where ad_id = p_ad_id order by slot for update;
  perform 1 from ad_day_slots where ad_id = p_ad_id order by slot for update;
end
$$;

-- Whether an ad may deliver again (some slot holds a unit): false once it reached its cap.
create or replace function qp_ad_has_room(p_ad_id uuid) returns boolean
language sql stable as $$
  select exists (select 1 from ad_delivery_slots where ad_id = p_ad_id and remaining > 0)
$$;

-- Whether an ad's daily budget still has room on Japan-time day p_day: a day slot holds a unit of that
-- day, or has not delivered on that day yet and has a share of the budget. A slot already on a later
-- day (an instance whose clock runs ahead) gives nothing to an earlier one.
create or replace function qp_ad_day_has_room(p_ad_id uuid, p_day date) returns boolean
language sql stable as $$
  select exists (
    select 1 from ad_day_slots
    where ad_id = p_ad_id
      and case when day = p_day then remaining > 0 else (day is null or day < p_day) and allowance > 0 end
  )
$$;

-- Spreads what an ad may still deliver (its cap minus its deliveries) evenly over its slots,
-- creating them the first time. Runs with the slots locked, when an ad is approved and whenever
-- its cap changes (the trigger below), so the count of deliveries cannot move meanwhile.
create or replace function qp_spread_ad_room(p_ad_id uuid, p_max_deliveries integer) returns void
language plpgsql as $$
declare
  v_slots integer := qp_ad_slot_count();
  v_room integer;
begin
  perform qp_lock_ad_slots(p_ad_id);
  v_room := p_max_deliveries - (select count(*) from ad_deliveries where ad_id = p_ad_id);
  if v_room < 0 then
    raise exception 'an ad''s cap cannot be below its deliveries' using errcode = 'check_violation';
  end if;
  insert into ad_delivery_slots (ad_id, slot, remaining)
  select p_ad_id, s, v_room / v_slots + case when s < v_room % v_slots then 1 else 0 end
  from generate_series(0, v_slots - 1) s
  on conflict (ad_id, slot) do update set remaining = excluded.remaining;
end
$$;

-- Keeps the slots true to the ad: filled when the ad is approved (or inserted approved, as the demo
-- data and tests do) and re-spread when its cap changes. Whoever raises a cap while clicks may run
-- locks the slots before the ad (domain/advertisers/raise-ad-limit.ts), keeping the lock order.
create or replace function qp_ads_keep_slots() returns trigger
language plpgsql as $$
begin
  if new.status = 'approved' and (
    tg_op = 'INSERT' or old.status <> 'approved' or old.max_deliveries <> new.max_deliveries
  ) then
    perform qp_spread_ad_room(new.id, new.max_deliveries);
  end if;
  return null;
end
$$;

-- Keeps the day slots true to the ad. An ad approved with a budget (or inserted approved, as the demo
-- data and tests do) gets slots that have delivered on no day: it never delivered before. An approved
-- ad's budget changes only through qp_set_ad_daily_budget, which counts today's deliveries and spreads
-- the slots before it writes the ad; any other change of it is refused rather than left uncounted.
create or replace function qp_ads_keep_day_slots() returns trigger
language plpgsql as $$
begin
  if new.status = 'approved' and (tg_op = 'INSERT' or old.status <> 'approved') then
    if tg_op = 'UPDATE' then
      delete from ad_day_slots where ad_id = new.id;
    end if;
    insert into ad_day_slots (ad_id, slot, day, allowance, remaining)
    select new.id, s, null, qp_slot_share(new.daily_budget, s), 0
    from generate_series(0, qp_ad_slot_count() - 1) s
    where new.daily_budget is not null;
  elsif new.status = 'approved' and old.daily_budget is distinct from new.daily_budget
    and coalesce(new.daily_budget, 0)
        <> (select coalesce(sum(allowance), 0) from ad_day_slots where ad_id = new.id) then
    raise exception 'an approved ad''s daily budget is set by qp_set_ad_daily_budget'
      using errcode = 'check_violation';
  end if;
  return null;
end
$$;

-- Sets an ad's daily budget (null: none) as of p_now. For an approved ad, with every slot locked so no
-- click is half-way: today's room is the budget minus today's deliveries (Japan time; those before the
-- budget was set count too), spread over the day slots, and the ad is marked as having reached today's
-- budget when none is left. The caller has locked the ad and checked the budget against the cap.
create or replace function qp_set_ad_daily_budget(p_ad_id uuid, p_budget integer, p_now timestamptz) returns void
language plpgsql as $$
declare
  v_day date := qp_japan_day(p_now);
  v_room integer;
begin
  perform qp_lock_ad_slots(p_ad_id);
  delete from ad_day_slots where ad_id = p_ad_id and p_budget is null;
  if p_budget is not null and exists (select 1 from ads where id = p_ad_id and status = 'approved') then
    v_room := greatest(p_budget - (
      select count(*) from ad_deliveries
      where ad_id = p_ad_id
        and delivered_at >= v_day::timestamp at time zone 'Asia/Tokyo'
        and delivered_at < (v_day + 1)::timestamp at time zone 'Asia/Tokyo'
    )::integer, 0);
    insert into ad_day_slots (ad_id, slot, day, allowance, remaining)
    select p_ad_id, s, v_day, qp_slot_share(p_budget, s), qp_slot_share(v_room, s)
    from generate_series(0, qp_ad_slot_count() - 1) s
    on conflict (ad_id, slot) do update
      set day = excluded.day, allowance = excluded.allowance, remaining = excluded.remaining;
  end if;
  update ads
  set daily_budget = p_budget,
      daily_budget_reached_on = case when v_room = 0 then v_day end,
      updated_at = p_now
  where id = p_ad_id;
end
$$;

-- Any change to the ads moves the catalogue's version, so every instance's cached ad lists
-- (domain/ads/list-ads-for-user.ts) are read again on their next use.
create or replace function qp_ads_bump_catalogue() returns trigger
language plpgsql as $$
begin
  update ad_catalogue set version = version + 1 where id = 1;
  return null;
end
$$;
