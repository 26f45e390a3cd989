-- The approved, delivering ads of one targeting segment, by reward then newest, with the catalogue
-- version they were read at (both in one snapshot): what every member of the segment sees alike.
create or replace function qp_segment_ads(p_viewer_gender text, p_viewer_age_band text, p_limit integer)
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

-- The ad list's page (domain/ads/list-ads-for-user.ts calls it): in the order of ads_listing_idx (so
-- no two ads tie), the ads after p_after (the previous page's last ad; null for the first page) that
-- deliver to the member (qp_ad_delivers) and they have not answered, and the ones they opened that
-- still take the answer; details come only with the latter. One row more than p_page_size says another
-- page follows. The segment's
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
