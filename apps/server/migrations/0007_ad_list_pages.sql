-- The home ad list a page at a time (issue 16, docs/decisions/014-hot-ad.md "The ad list"). The
-- list took the segment's first 200 ads and counted the person's answered ones among them, so after a
-- couple of hundred answers a new ad with a smaller reward never showed. Now the person's answered ads
-- are skipped, never counted, and the rest comes a page at a time; the answered ones are a list of
-- their own (domain/ads/list-answered-ads.ts), paged over the index below.
CREATE INDEX "quiz_responses_person_answer_idx" ON "quiz_responses" USING btree ("email_hash","answered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "quiz_responses"."ad_id" is not null;
--> statement-breakpoint

-- Whether an ad still takes answers (SPEC §4): approved and delivering, or stopped at its cap (those it
-- was delivered to may still answer); an ad its advertiser ended takes none. The answer refuses, and
-- the ad list leaves out, by this one rule.
create function qp_ad_takes_answers(p_ad ads) returns boolean
language sql stable as $$
  select p_ad.status = 'approved' and (p_ad.is_active or not qp_ad_has_room(p_ad.id))
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
  if not qp_ad_takes_answers(v_ad) then
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

--> statement-breakpoint

drop function qp_list_ads_for_member(text, timestamptz, integer, integer);
--> statement-breakpoint

-- The home ad list's per-person part (SPEC §2, §4), one page of it: the first row is always the
-- viewer's targeting segment and the catalogue version (ad_id null); then, by reward, newest and id
-- (so no two ads tie), the ads after p_after (the previous page's last ad; null for the first page)
-- that the person may answer and has not: the segment's ads, and the ones the person opened outside
-- it (stopped at their cap, or no longer aimed at them) while they still take the answer. Details come
-- only with the latter: the server holds the segment's (cached per segment and catalogue version). One
-- row more than p_page_size says another page follows. An ad the person answered costs an index probe,
-- not a place on the page, however many they answered.
create function qp_list_ads_for_member(
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
       and qp_ad_targets(a.target_gender, a.target_age_range, v_user.gender, v_band)
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
      and not (a.is_active and qp_ad_targets(a.target_gender, a.target_age_range, v_user.gender, v_band))
      and qp_ad_takes_answers(a)
      and (a.user_reward, a.created_at, a.id) < (v_reward, v_created, v_id)
  ) page
  order by page.sort_reward desc, page.sort_created desc, page.id desc
  limit p_page_size + 1;
end
$$;
