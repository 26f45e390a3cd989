ALTER TABLE "ads" DROP CONSTRAINT "ads_status_valid";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_prefectures" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_occupations" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_incomes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_marital_statuses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_children" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "holds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_window_order" CHECK ("ads"."starts_at" is null or "ads"."ends_at" is null or "ads"."starts_at" < "ads"."ends_at");--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_holds_valid" CHECK ("ads"."holds" <@ array['paused', 'billing', 'suspended']::text[]);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_target_prefectures_valid" CHECK ("ads"."target_prefectures" <@ array['北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県', '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県', '三重県', '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県', '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県', '香川県', '愛媛県', '高知県', '福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県']::text[]);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_target_occupations_valid" CHECK ("ads"."target_occupations" <@ array['会社役員', '会社員', '公務員', '自営業', '学生', '主婦・主夫', 'アルバイト', '無職']::text[]);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_target_incomes_valid" CHECK ("ads"."target_incomes" <@ array['〜300万円', '300万円〜', '500万円〜', '700万円〜', '1000万円〜']::text[]);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_target_marital_statuses_valid" CHECK ("ads"."target_marital_statuses" <@ array['single', 'divorced', 'married']::text[]);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_target_children_valid" CHECK ("ads"."target_children" <@ array['with', 'without']::text[]);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_status_valid" CHECK ("ads"."status" in ('draft', 'pending', 'approved', 'rejected'));--> statement-breakpoint
-- An ad's responses joined to its deliveries, for the advertiser's report (get-ad-report.ts): without
-- it the report read every response of every ad.
CREATE INDEX "quiz_responses_ad_user_idx" ON "quiz_responses" USING btree ("ad_id","user_id") WHERE "quiz_responses"."ad_id" is not null;
--> statement-breakpoint

-- Profile targeting (issue 17): each list an ad fills must hold the member's own profile value; an
-- empty list targets everyone, and a member who left that part of the profile blank is not matched
-- by a filled one. With qp_ad_targets (gender and age) this is the whole rule of who an ad targets:
-- the ad list, the click and the advertiser's reach estimate all ask it.
create function qp_profile_targets(
  p_prefectures text[], p_occupations text[], p_incomes text[], p_marital_statuses text[], p_children text[],
  p_user users
) returns boolean
language sql immutable as $$
  select coalesce((p_prefectures = '{}' or p_user.prefecture = any (p_prefectures))
     and (p_occupations = '{}' or p_user.occupation = any (p_occupations))
     and (p_incomes = '{}' or p_user.annual_income = any (p_incomes))
     and (p_marital_statuses = '{}' or p_user.marital_status = any (p_marital_statuses))
     and (p_children = '{}'
          or (case when p_user.has_children then 'with' when not p_user.has_children then 'without' end)
             = any (p_children)), false)
$$;

--> statement-breakpoint

-- Whether an ad delivers to this member now (issue 17), the one rule the ad list and the click ask:
-- approved and delivering (not ended, not at its cap), held by nothing (its advertiser's pause, a failed
-- payment, a suspension), inside its delivery window, and aimed at the member by gender and age band
-- (p_age_band, from qp_age_band) and by profile. A person who opened the ad before a hold or the end of
-- its window may still answer it (qp_ad_takes_answers), so an answer in progress is never lost.
-- Empty lists are compared with '{}', not by cardinality(): the planner estimates a column's equality
-- from its statistics (most ads have no hold and no profile list), so the list keeps reading the
-- ads_listing_idx in order and stops at the page; with cardinality() it guessed few rows would pass,
-- and read and sorted the whole catalogue (measured with EXPLAIN on 5,000 ads: 0.6 ms against 5 ms).
create function qp_ad_delivers(p_ad ads, p_user users, p_age_band text, p_now timestamptz) returns boolean
language sql immutable as $$
  select p_ad.status = 'approved' and p_ad.is_active and p_ad.holds = '{}'
     and (p_ad.starts_at is null or p_ad.starts_at <= p_now)
     and (p_ad.ends_at is null or p_now < p_ad.ends_at)
     and qp_ad_targets(p_ad.target_gender, p_ad.target_age_range, p_user.gender, p_age_band)
     and qp_profile_targets(p_ad.target_prefectures, p_ad.target_occupations, p_ad.target_incomes,
                            p_ad.target_marital_statuses, p_ad.target_children, p_user)
$$;
--> statement-breakpoint

-- Opening an ad (0004), now refused unless the ad delivers to the member (qp_ad_delivers).
create or replace function qp_click_ad(
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
  if not qp_ad_delivers(
    v_ad, v_user, case when v_user.birth_date is null then null else qp_age_band(v_user.birth_date, p_now) end, p_now
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

-- The ad list's page (0007), now of the ads that deliver to the member (qp_ad_delivers). The segment's
-- cached details (qp_segment_ads, by gender and age band only) hold a superset of these ads: which ones
-- a person sees is decided here, by the clock and the person's whole profile.
create or replace function qp_list_ads_for_member(
  p_token text, p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer,
  p_after uuid, p_page_size integer
) returns table (
  viewer_gender text, viewer_age_band text, catalogue_version bigint, ad_id uuid, clicked_at timestamptz,
  ad_provider text, ad_title text, ad_url text, user_reward integer, created_at timestamptz
)
language plpgsql as $$
declare
  v_user users := qp_session_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds, false);
  v_band text := case when v_user.birth_date is null then null else qp_age_band(v_user.birth_date, p_now) end;
  v_version bigint := (select c.version from ad_catalogue c where c.id = 1);
  -- Where the page starts. The first page starts above any ad (no reward reaches the integer's top), so
  -- every page is the same keyset comparison, which the index on the ads' reward can start from.
  v_reward integer := 2147483647;
  v_created timestamptz := 'infinity';
  v_id uuid := 'ffffffff-ffff-ffff-ffff-ffffffffffff';
begin
  return query select v_user.gender, v_band, v_version, null::uuid, null::timestamptz,
                      null::text, null::text, null::text, null::integer, null::timestamptz;
  if p_after is not null then
    select a.user_reward, a.created_at, a.id into v_reward, v_created, v_id from ads a where a.id = p_after;
    -- A cursor no ad has: nothing follows it.
    if not found then
      return;
    end if;
  end if;
  -- `nulls last` (the columns are never null) is the order of ads_listing_idx, so the segment's ads are
  -- read in order from the cursor and the scan stops when the page is full; an answered ad costs a
  -- probe of quiz_responses_person_ad_key. The person's click is read for the page's ads only.
  return query
  select v_user.gender, v_band, v_version, page.id,
         case when page.outside then page.clicked_at
              else (select r.clicked_at from quiz_responses r where r.email_hash = v_user.email_hash and r.ad_id = page.id)
         end,
         page.ad_provider, page.ad_title, page.ad_url, page.reward, page.created
  from (
    (select a.id, false as outside, null::timestamptz as clicked_at, null::text as ad_provider,
            null::text as ad_title, null::text as ad_url, null::integer as reward, null::timestamptz as created,
            a.user_reward as sort_reward, a.created_at as sort_created
     from ads a
     where a.status = 'approved' and a.is_active
       and qp_ad_delivers(a, v_user, v_band, p_now)
       and (a.user_reward, a.created_at, a.id) < (v_reward, v_created, v_id)
       and not exists (
         select 1 from quiz_responses r
         where r.email_hash = v_user.email_hash and r.ad_id = a.id and r.answered_at is not null
       )
     order by a.user_reward desc nulls last, a.created_at desc nulls last, a.id desc
     limit p_page_size + 1)
    union all
    select a.id, true, r.clicked_at, a.ad_provider::text, a.ad_title::text, a.ad_url,
           a.user_reward, a.created_at, a.user_reward, a.created_at
    from quiz_responses r
    join ads a on a.id = r.ad_id
    where r.email_hash = v_user.email_hash and r.ad_id is not null and r.answered_at is null
      and not qp_ad_delivers(a, v_user, v_band, p_now)
      and qp_ad_takes_answers(a)
      and (a.user_reward, a.created_at, a.id) < (v_reward, v_created, v_id)
  ) page
  order by page.sort_reward desc, page.sort_created desc, page.id desc
  limit p_page_size + 1;
end
$$;
