-- Opening an ad (SPEC §4 "User view of an ad"; domain/ads/click-ad.ts calls it): the quiz response
-- with the not-yet-answered marker, one unit of the ad's room taken from a delivery slot and the
-- billable delivery (keeping the member's gender and age band at the click, the report's audience), for
-- a member within their click limit with no other ad's wait running, when the ad delivers to them
-- (qp_ad_delivers). An ad with a daily budget also takes one unit of today's room from a day slot,
-- refusing the click once today's budget is used up. Opening the same ad again changes nothing and
-- returns the first click's time (delivered false).
create or replace function qp_click_ad(
  p_token text, p_ad_id uuid, p_wait_seconds integer, p_rate_limit integer, p_rate_window_seconds integer,
  p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer
) returns table (clicked_at timestamptz, delivered boolean)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_day date := qp_japan_day(p_now);
  v_clicked_at timestamptz;
  v_slot smallint;
  v_left integer;
  v_day_slot smallint;
  v_day_left integer;
  v_ad ads;
begin
  if not qp_count_rate_limit_hit('click:user:' || v_user.id, p_rate_limit, p_rate_window_seconds) then
    perform qp_refuse('RATE_LIMITED');
  end if;
  -- Once per person and ad (the person's row is held, so two clicks of theirs cannot both pass).
  select r.clicked_at into v_clicked_at from quiz_responses r
  where r.email_hash = v_user.email_hash and r.ad_id = p_ad_id;
  if v_clicked_at is not null then
    return query select v_clicked_at, false;
    return;
  end if;
  -- One ad wait at a time: another ad opened less than p_wait_seconds ago and not answered.
  if exists (
    select 1 from quiz_responses r
    where r.user_id = v_user.id and r.ad_id <> p_ad_id and r.answered_at is null
      and r.clicked_at > p_now - make_interval(secs => p_wait_seconds)
  ) then
    perform qp_refuse('CONFLICT', 'alreadyWaiting');
  end if;
  -- One unit of room, from a slot no other click holds. When every slot with room is held, the click
  -- waits a millisecond and looks again, until one is free or none has room left (the ad reached its
  -- cap). It never waits on a slot's lock: a waiting click may hold a slot it passed over (emptied
  -- since its snapshot), and two clicks waiting on each other's would deadlock; those holding a
  -- slot wait only for the ad's row, whose holder waits for nothing a click holds.
  loop
    select f.slot into v_slot from ad_delivery_slots f
    where f.ad_id = p_ad_id and f.remaining > 0
    limit 1 for update skip locked;
    exit when v_slot is not null or not qp_ad_has_room(p_ad_id);
    perform pg_sleep(0.001);
  end loop;
  if v_slot is not null then
    update ad_delivery_slots s set remaining = s.remaining - 1
    where s.ad_id = p_ad_id and s.slot = v_slot
    returning s.remaining into v_left;
  end if;
  -- The ad is read after its slot is held, so an end of delivery or a new daily budget that
  -- committed first is seen (both lock every slot before they write the ad).
  select * into v_ad from ads where id = p_ad_id;
  if v_ad.id is null or v_ad.status <> 'approved' then
    perform qp_refuse('NOT_FOUND', 'quizNotFound');
  end if;
  if v_slot is null then
    perform qp_refuse('CONFLICT', 'adCapReached');
  end if;
  -- One unit of today's room, from a day slot no other click holds, taken the same way (a click that
  -- waits here holds a delivery slot and no day slot; one holding a day slot holds both and waits only
  -- for the ad's row). A slot last used on an earlier day starts today from its share of the budget.
  -- A click is refused only when no day slot has room in what has committed, so the day delivers
  -- exactly its budget: a unit held by a click that is then refused comes back when it rolls back.
  if v_ad.daily_budget is not null then
    loop
      select d.slot into v_day_slot from ad_day_slots d
      where d.ad_id = p_ad_id
        and case when d.day = v_day then d.remaining > 0
                 else (d.day is null or d.day < v_day) and d.allowance > 0 end
      limit 1 for update skip locked;
      exit when v_day_slot is not null or not qp_ad_day_has_room(p_ad_id, v_day);
      perform pg_sleep(0.001);
    end loop;
    if v_day_slot is null then
      perform qp_refuse('CONFLICT', 'adDailyBudgetReached');
    end if;
    update ad_day_slots d
    set remaining = case when d.day = v_day then d.remaining else d.allowance end - 1, day = v_day
    where d.ad_id = p_ad_id and d.slot = v_day_slot
    returning d.remaining into v_day_left;
  end if;
  if not qp_ad_delivers(
    v_ad, v_user, case when v_user.birth_date is null then null else qp_age_band(v_user.birth_date, p_now) end, p_now
  ) then
    perform qp_refuse('CONFLICT', 'adEnded');
  end if;
  insert into quiz_responses (user_id, email_hash, ad_id, clicked_at, created_at)
  values (v_user.id, v_user.email_hash, p_ad_id, p_now, p_now);
  insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at, gender, age_band)
  values (p_ad_id, v_user.id, v_ad.unit_price, p_now, v_user.gender,
          case when v_user.birth_date is null then null else qp_age_band(v_user.birth_date, p_now) end);
  -- The click that empties a slot stops the ad if no slot has room left (the cap), or marks it full for
  -- today if no day slot has room left today (the ad list leaves it out until the next day). Emptying
  -- clicks queue on the ad's row and each looks after the one before it committed, so the last one
  -- sees every slot empty. (`no key update`: the inserts above hold the ad's row `for key share` for
  -- their foreign keys, which `for update` would wait on, deadlocking two emptying clicks.)
  if v_left = 0 or v_day_left = 0 then
    perform 1 from ads where id = p_ad_id for no key update;
    if v_left = 0 and not qp_ad_has_room(p_ad_id) then
      update ads set is_active = false, updated_at = p_now where id = p_ad_id;
    end if;
    if v_day_left = 0 and not qp_ad_day_has_room(p_ad_id, v_day) then
      update ads set daily_budget_reached_on = v_day where id = p_ad_id;
    end if;
  end if;
  return query select p_now, true;
end
$$;
