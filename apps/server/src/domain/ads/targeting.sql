-- Whether an ad's targeting takes in a viewer (SPEC-NOTES Targeting): no box ticked means everyone;
-- a viewer without a gender or age group is taken in only where that box is not used.
create or replace function qp_ad_targets(p_gender jsonb, p_ages jsonb, p_viewer_gender text, p_viewer_age_band text)
returns boolean
language sql immutable as $$
  select (not (p_gender @> '{"male":true}' or p_gender @> '{"female":true}' or p_gender @> '{"other":true}')
          or coalesce((p_gender ->> p_viewer_gender)::boolean, false))
     and (not jsonb_path_exists(p_ages, '$.* ? (@ == true)')
          or coalesce((p_ages ->> p_viewer_age_band)::boolean, false))
$$;

-- The profile part of the targeting rule on a member's own values, so the cells can be asked it too:
-- each list an ad fills must hold the member's value; an empty list takes in everyone, and a member who
-- left that part blank is not matched by a filled one. qp_profile_targets (the delivery) and the reach
-- cells (domain/advertisers/reach-cells.sql) call it.
create or replace function qp_profile_values_target(
  p_prefectures text[], p_occupations text[], p_incomes text[], p_marital_statuses text[], p_children text[],
  p_prefecture text, p_occupation text, p_income text, p_marital_status text, p_has_children boolean
) returns boolean
language sql immutable as $$
  select coalesce((p_prefectures = '{}' or p_prefecture = any (p_prefectures))
     and (p_occupations = '{}' or p_occupation = any (p_occupations))
     and (p_incomes = '{}' or p_income = any (p_incomes))
     and (p_marital_statuses = '{}' or p_marital_status = any (p_marital_statuses))
     and (p_children = '{}'
          or (case when p_has_children then 'with' when not p_has_children then 'without' end)
             = any (p_children)), false)
$$;

-- qp_profile_values_target on the member's row (both are inlined into the ad list's and the click's
-- statements).
create or replace function qp_profile_targets(
  p_prefectures text[], p_occupations text[], p_incomes text[], p_marital_statuses text[], p_children text[],
  p_user users
) returns boolean
language sql immutable as $$
  select qp_profile_values_target(p_prefectures, p_occupations, p_incomes, p_marital_statuses, p_children,
                                  p_user.prefecture, p_user.occupation, p_user.annual_income,
                                  p_user.marital_status, p_user.has_children)
$$;

-- Whether an ad delivers to this member now: approved and delivering (not ended, not at its cap, not
-- at today's budget), held by nothing (its advertiser's pause, a failed payment, a suspension), inside
-- its delivery window, and aimed at the member by gender and age band (p_age_band, from qp_age_band)
-- and by profile. A person who opened the ad before a hold or the end of its window may still answer
-- it (qp_ad_takes_answers), so an answer in progress is never lost.
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
