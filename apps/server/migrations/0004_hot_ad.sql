-- A hot ad beyond one row (issue 14, docs/decisions/014-hot-ad.md). What an approved ad may still
-- deliver lives in ad_delivery_slots, spread over qp_ad_slot_count() rows (32, more than one
-- instance's connections): a click takes one unit
-- from any row no other click holds, so clicks on one ad rarely wait on each other, and no row can go
-- below zero, so deliveries never pass the cap. ads.delivery_count is gone: ad_deliveries counts what
-- was delivered, and the slots always hold max_deliveries minus that count.
--
-- Locks are always taken in this order: the person's row, then slot rows (in slot order when more
-- than one), then the ad's row (every click's inserts also hold it `for key share`, for their
-- foreign keys). A click holds one slot and, only when it empties it, the ad's row;
-- whoever changes the cap or ends delivery locks all the slots first (qp_lock_ad_slots).
CREATE TABLE "ad_catalogue" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "ad_catalogue_single_row" CHECK ("ad_catalogue"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ad_delivery_slots" (
	"ad_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "ad_delivery_slots_ad_id_slot_pk" PRIMARY KEY("ad_id","slot"),
	CONSTRAINT "ad_delivery_slots_remaining_non_negative" CHECK ("ad_delivery_slots"."remaining" >= 0)
);
--> statement-breakpoint
insert into "ad_catalogue" ("id", "version") values (1, 1);
--> statement-breakpoint

create function qp_ad_slot_count() returns integer
language sql immutable as $$ select 32 $$;
--> statement-breakpoint

-- Every slot of an ad, locked in slot order: no click can take from them until the transaction ends.
create function qp_lock_ad_slots(p_ad_id uuid) returns void
language plpgsql as $$
begin
  perform 1 from ad_delivery_slots where ad_id = p_ad_id order by slot for update;
end
$$;
--> statement-breakpoint

-- Whether an ad may deliver again (some slot holds a unit): false once it reached its cap.
create function qp_ad_has_room(p_ad_id uuid) returns boolean
language sql stable as $$
  select exists (select 1 from ad_delivery_slots where ad_id = p_ad_id and remaining > 0)
$$;
--> statement-breakpoint

-- Spreads what an ad may still deliver (its cap minus its deliveries) evenly over its slots,
-- creating them the first time. Runs with the slots locked, when an ad is approved and whenever
-- its cap changes (the trigger below), so the count of deliveries cannot move meanwhile.
create function qp_spread_ad_room(p_ad_id uuid, p_max_deliveries integer) returns void
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
--> statement-breakpoint

-- Keeps the slots true to the ad: filled when the ad is approved (or inserted approved, as the demo
-- data and tests do) and re-spread when its cap changes. Whoever raises a cap while clicks may run
-- locks the slots before the ad (domain/advertisers/raise-ad-limit.ts), keeping the lock order.
create function qp_ads_keep_slots() returns trigger
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
--> statement-breakpoint

create trigger ads_keep_slots after insert or update of status, max_deliveries on ads
for each row execute function qp_ads_keep_slots();
--> statement-breakpoint

-- Any change to the ads moves the catalogue's version, so every instance's cached ad lists
-- (domain/ads/list-ads-for-user.ts) are read again on their next use.
create function qp_ads_bump_catalogue() returns trigger
language plpgsql as $$
begin
  update ad_catalogue set version = version + 1 where id = 1;
  return null;
end
$$;
--> statement-breakpoint

create trigger ads_bump_catalogue after insert or update or delete on ads
for each statement execute function qp_ads_bump_catalogue();
--> statement-breakpoint

-- The ads approved before this migration get their slots from what they have left.
select qp_spread_ad_room(id, max_deliveries) from ads where status = 'approved';
--> statement-breakpoint

ALTER TABLE "ad_delivery_slots" ADD CONSTRAINT "ad_delivery_slots_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" DROP CONSTRAINT "ads_delivery_within_cap";
--> statement-breakpoint
ALTER TABLE "ads" DROP COLUMN "delivery_count";
--> statement-breakpoint

-- The member behind a session token (as qp_member of 0003_hot_paths.sql), with the person's row
-- locked only when p_lock: a request that only reads (the ad list) need not queue behind writes.
create function qp_session_member(
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
--> statement-breakpoint

create or replace function qp_member(p_token text, p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer)
returns users
language sql as $$
  select qp_session_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds, true)
$$;
--> statement-breakpoint

-- The SPEC §9 age group on the Japan-time calendar day of p_now, as ageBandOf(ageOn(...)) in
-- packages/shared/src/age.ts (a test holds the two equal): 10s is under 20, 60s is 60 and over.
create function qp_age_band(p_birth_date date, p_now timestamptz) returns text
language sql stable as $$
  select case
    when a < 20 then '10s'
    when a >= 60 then '60s'
    else (a / 10)::text || '0s'
  end
  from (select extract(year from age((p_now at time zone 'Asia/Tokyo')::date, p_birth_date))::integer a) age
$$;
--> statement-breakpoint

-- Whether an ad's targeting takes in a viewer (SPEC-NOTES Targeting): no box ticked means everyone;
-- a viewer without a gender or age group is taken in only where that box is not used.
create function qp_ad_targets(p_gender jsonb, p_ages jsonb, p_viewer_gender text, p_viewer_age_band text)
returns boolean
language sql immutable as $$
  select (not (p_gender @> '{"male":true}' or p_gender @> '{"female":true}' or p_gender @> '{"other":true}')
          or coalesce((p_gender ->> p_viewer_gender)::boolean, false))
     and (not jsonb_path_exists(p_ages, '$.* ? (@ == true)')
          or coalesce((p_ages ->> p_viewer_age_band)::boolean, false))
$$;
--> statement-breakpoint

-- Opening an ad (SPEC §4 "User view of an ad"): the quiz response with the not-yet-answered
-- marker, one unit of the ad's room taken and the billable delivery, for a member within their
-- click limit with no other ad's wait running. Opening the same ad again changes nothing and
-- returns the first click's time (delivered false).
create function qp_click_ad(
  p_token text, p_ad_id uuid, p_wait_seconds integer, p_rate_limit integer, p_rate_window_seconds integer,
  p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer
) returns table (clicked_at timestamptz, delivered boolean)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_clicked_at timestamptz;
  v_slot smallint;
  v_left integer;
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
  -- The ad is read after its slot is held, so an end of delivery that committed first is seen.
  select * into v_ad from ads where id = p_ad_id;
  if v_ad.id is null or v_ad.status <> 'approved' then
    perform qp_refuse('NOT_FOUND', 'quizNotFound');
  end if;
  if v_slot is null then
    perform qp_refuse('CONFLICT', 'adCapReached');
  end if;
  if not v_ad.is_active or not qp_ad_targets(
    v_ad.target_gender, v_ad.target_age_range, v_user.gender,
    case when v_user.birth_date is null then null else qp_age_band(v_user.birth_date, p_now) end
  ) then
    perform qp_refuse('CONFLICT', 'adEnded');
  end if;
  insert into quiz_responses (user_id, email_hash, ad_id, clicked_at, created_at)
  values (v_user.id, v_user.email_hash, p_ad_id, p_now, p_now);
  insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at)
  values (p_ad_id, v_user.id, v_ad.unit_price, p_now);
  -- The click that empties a slot stops the ad if no slot has room left. Emptying clicks queue on
  -- the ad's row and each looks after the one before it committed, so the last one stops the ad.
  -- (`no key update`: the inserts above hold the ad's row `for key share` for their foreign keys,
  -- which `for update` would wait on, deadlocking two emptying clicks.)
  if v_left = 0 then
    perform 1 from ads where id = p_ad_id for no key update;
    if not qp_ad_has_room(p_ad_id) then
      update ads set is_active = false, updated_at = p_now where id = p_ad_id;
    end if;
  end if;
  return query select p_now, true;
end
$$;
--> statement-breakpoint

-- The home ad list's per-person part (SPEC §2, §4): the viewer's targeting segment, the catalogue
-- version, and every approved ad the person opened, with its details only when the segment's list
-- (cached by the server per segment and version) does not hold it. The first row is always there
-- (ad_id null when the person opened nothing).
create function qp_list_ads_for_member(
  p_token text, p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer
) returns table (
  viewer_gender text, viewer_age_band text, catalogue_version bigint, ad_id uuid, clicked_at timestamptz,
  answered boolean, ad_provider text, ad_title text, ad_url text, user_reward integer, created_at timestamptz
)
language plpgsql as $$
declare
  v_user users := qp_session_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds, false);
  v_band text := case when v_user.birth_date is null then null else qp_age_band(v_user.birth_date, p_now) end;
  v_version bigint := (select c.version from ad_catalogue c where c.id = 1);
begin
  return query
  select v_user.gender, v_band, v_version, null::uuid, null::timestamptz, null::boolean,
         null::text, null::text, null::text, null::integer, null::timestamptz
  union all
  select v_user.gender, v_band, v_version, a.id, r.clicked_at, r.answered_at is not null,
         o.ad_provider::text, o.ad_title::text, o.ad_url, o.user_reward, o.created_at
  from quiz_responses r
  join ads a on a.id = r.ad_id and a.status = 'approved'
  left join ads o on o.id = a.id
    and not (a.is_active and qp_ad_targets(a.target_gender, a.target_age_range, v_user.gender, v_band))
  where r.email_hash = v_user.email_hash and r.ad_id is not null;
end
$$;
--> statement-breakpoint

-- The approved, delivering ads of one targeting segment, by reward then newest, with the catalogue
-- version they were read at (both in one snapshot): what every member of the segment sees alike.
create function qp_segment_ads(p_viewer_gender text, p_viewer_age_band text, p_limit integer)
returns table (
  catalogue_version bigint, id uuid, ad_provider text, ad_title text, ad_url text, user_reward integer,
  created_at timestamptz
)
language sql stable as $$
  select c.version, a.id, a.ad_provider::text, a.ad_title::text, a.ad_url, a.user_reward, a.created_at
  from ad_catalogue c
  left join lateral (
    select * from ads
    where status = 'approved' and is_active
      and qp_ad_targets(target_gender, target_age_range, p_viewer_gender, p_viewer_age_band)
    order by user_reward desc, created_at desc
    limit p_limit
  ) a on true
  where c.id = 1
$$;
--> statement-breakpoint

create or replace function qp_answer_ad_quiz(
  p_token text, p_ad_id uuid, p_option integer, p_wait_seconds integer, p_rate_limit integer,
  p_rate_window_seconds integer, p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer
) returns table (is_correct boolean, points integer, correct_option integer)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_response quiz_responses;
  v_ad ads;
  v_correct integer;
  v_is_correct boolean;
  v_points integer;
begin
  if not qp_count_rate_limit_hit('answer:user:' || v_user.id, p_rate_limit, p_rate_window_seconds) then
    perform qp_refuse('RATE_LIMITED');
  end if;
  select * into v_response from quiz_responses
  where email_hash = v_user.email_hash and ad_id = p_ad_id for update;
  select * into v_ad from ads where id = p_ad_id;
  if v_ad.id is null then
    perform qp_refuse('NOT_FOUND', 'quizNotFound');
  end if;
  if v_response.clicked_at is null then
    perform qp_refuse('CONFLICT', 'openAdFirst');
  end if;
  if v_response.answered_at is not null then
    perform qp_refuse('CONFLICT', 'adAlreadyAnswered');
  end if;
  -- An ad that stopped at its cap still takes the answers of those it was delivered to.
  if v_ad.status <> 'approved' or (not v_ad.is_active and qp_ad_has_room(p_ad_id)) then
    perform qp_refuse('CONFLICT', 'adEnded');
  end if;
  if p_now - v_response.clicked_at < make_interval(secs => p_wait_seconds) then
    perform qp_refuse('TOO_EARLY', 'waitBeforeAnswer');
  end if;
  if p_option > jsonb_array_length(v_ad.quiz_options) then
    perform qp_refuse('VALIDATION', 'chooseOneOption');
  end if;
  select correct_option_index into v_correct from quiz_answers where ad_id = p_ad_id;
  if v_correct is null then
    perform qp_refuse('NOT_FOUND', 'quizNotFound');
  end if;
  v_is_correct := p_option = v_correct;
  v_points := case when v_is_correct then v_ad.user_reward else qp_wrong_answer_points(v_ad.user_reward) end;
  update quiz_responses
  set answered_at = p_now, selected_option = p_option, is_correct = v_is_correct, reward_given = true,
      points_awarded = v_points
  where id = v_response.id;
  perform qp_apply_point_change(
    v_user.id, v_points, 'ad_quiz', p_ad_id::text,
    case when v_is_correct then 'クイズ正解：' else 'クイズ回答：' end || v_ad.ad_title
  );
  return query select v_is_correct, v_points, v_correct;
end
$$;
