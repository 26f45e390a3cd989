-- Daily budgets (issue 28, docs/decisions/030-daily-budgets.md): an optional maximum of deliveries
-- per Japan-time day per ad, enforced by the click in the same one statement as the cap. What an ad may
-- still deliver today lives in ad_day_slots, 32 rows per budgeted ad beside its ad_delivery_slots: a
-- click takes one unit from a delivery slot and one from a day slot, each from a row no other click
-- holds, so the budget is exact under bursts and clicks on one ad still do not queue on one row.
--
-- A day slot keeps its share of the budget (allowance) and what it has left (remaining) of the day it
-- last delivered on (day). The first click of a new Japan-time day to take a slot starts it again from
-- its allowance, so the day rolls over at midnight Japan time without any job or any all-slot lock.
--
-- Locks are always taken in this order: the person's row, a delivery slot, a day slot, the ad's row.
-- Whoever changes an ad locks all its delivery slots, then all its day slots (qp_lock_ad_slots), then
-- the ad.
ALTER TABLE "ads" ADD COLUMN "daily_budget" integer;--> statement-breakpoint
-- The Japan-time day the ad's budget ran out on (set by the click that took the day's last unit), so
-- the ad list leaves the ad out for the rest of that day by its row alone.
ALTER TABLE "ads" ADD COLUMN "daily_budget_reached_on" date;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_daily_budget_within_cap" CHECK ("ads"."daily_budget" is null or ("ads"."daily_budget" > 0 and "ads"."daily_budget" <= "ads"."max_deliveries"));--> statement-breakpoint
CREATE TABLE "ad_day_slots" (
	"ad_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"day" date,
	"allowance" integer NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "ad_day_slots_ad_id_slot_pk" PRIMARY KEY("ad_id","slot"),
	CONSTRAINT "ad_day_slots_remaining_within_allowance" CHECK ("ad_day_slots"."remaining" >= 0 and "ad_day_slots"."remaining" <= "ad_day_slots"."allowance")
);
--> statement-breakpoint
ALTER TABLE "ad_day_slots" ADD CONSTRAINT "ad_day_slots_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- The Japan-time calendar day of an instant (SPEC-NOTES: every daily rule counts Japan time).
create function qp_japan_day(p_at timestamptz) returns date
language sql immutable as $$ select (p_at at time zone 'Asia/Tokyo')::date $$;
--> statement-breakpoint

-- Slot p_slot's share of p_total spread evenly over an ad's slots (the first p_total % slots one more).
create function qp_slot_share(p_total integer, p_slot integer) returns integer
language sql immutable as $$
  select p_total / qp_ad_slot_count() + case when p_slot < p_total % qp_ad_slot_count() then 1 else 0 end
$$;
--> statement-breakpoint

-- Whether an ad's daily budget still has room on Japan-time day p_day: a day slot holds a unit of that
-- day, or has not delivered on that day yet and has a share of the budget. A slot already on a later
-- day (an instance whose clock runs ahead) gives nothing to an earlier one.
create function qp_ad_day_has_room(p_ad_id uuid, p_day date) returns boolean
language sql stable as $$
  select exists (
    select 1 from ad_day_slots
    where ad_id = p_ad_id
      and case when day = p_day then remaining > 0 else (day is null or day < p_day) and allowance > 0 end
  )
$$;
--> statement-breakpoint

-- Every slot of an ad, its delivery slots then its day slots, each in slot order: no click can take
-- from them until the transaction ends (and every click that took from them has committed).
create or replace function qp_lock_ad_slots(p_ad_id uuid) returns void
language plpgsql as $$
begin
  perform 1 from ad_delivery_slots where ad_id = p_ad_id order by slot for update;
  perform 1 from ad_day_slots where ad_id = p_ad_id order by slot for update;
end
$$;
--> statement-breakpoint

-- Sets an ad's daily budget (null: none) as of p_now. For an approved ad, with every slot locked so no
-- click is half-way: today's room is the budget minus today's deliveries (Japan time; those before the
-- budget was set count too), spread over the day slots, and the ad is marked as having reached today's
-- budget when none is left. The caller has locked the ad and checked the budget against the cap.
create function qp_set_ad_daily_budget(p_ad_id uuid, p_budget integer, p_now timestamptz) returns void
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
--> statement-breakpoint

-- Keeps the day slots true to the ad. An ad approved with a budget (or inserted approved, as the demo
-- data and tests do) gets slots that have delivered on no day: it never delivered before. An approved
-- ad's budget changes only through qp_set_ad_daily_budget, which counts today's deliveries and spreads
-- the slots before it writes the ad; any other change of it is refused rather than left uncounted.
create function qp_ads_keep_day_slots() returns trigger
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
--> statement-breakpoint

create trigger ads_keep_day_slots after insert or update of status, daily_budget on ads
for each row execute function qp_ads_keep_day_slots();
--> statement-breakpoint

-- Whether an ad delivers to this member now (0008), now also not once it reached today's budget.
create or replace function qp_ad_delivers(p_ad ads, p_user users, p_age_band text, p_now timestamptz)
returns boolean
language sql immutable as $$
  select p_ad.status = 'approved' and p_ad.is_active and p_ad.holds = '{}'
     and (p_ad.starts_at is null or p_ad.starts_at <= p_now)
     and (p_ad.ends_at is null or p_now < p_ad.ends_at)
     and (p_ad.daily_budget_reached_on is null or p_ad.daily_budget_reached_on < qp_japan_day(p_now))
     and qp_ad_targets(p_ad.target_gender, p_ad.target_age_range, p_user.gender, p_age_band)
     and qp_profile_targets(p_ad.target_prefectures, p_ad.target_occupations, p_ad.target_incomes,
                            p_ad.target_marital_statuses, p_ad.target_children, p_user)
$$;
--> statement-breakpoint

-- Opening an ad (SPEC §4): as before (0011), and an ad with a daily budget also takes one unit of
-- today's room from a day slot, refusing the click once today's budget is used up.
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
