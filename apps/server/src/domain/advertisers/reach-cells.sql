-- The levels kept, smallest first (rows at a million members: 1.2k, 3.4k, 4.4k, 6.6k, 8.6k, 12k, 12k,
-- 208k). Every profile value is kept at some level, so 31 covers any targeting.
create or replace function qp_reach_cell_levels() returns smallint[]
language sql immutable as $$
  select array[1, 17, 9, 5, 3, 30, 25, 31]::smallint[]
$$;

-- A cell's key at each level: the profile values the level keeps, the others null (gender and age band
-- are kept at every level and stay with the caller).
create or replace function qp_reach_cell_keys(
  p_prefecture text, p_occupation text, p_income text, p_marital_status text, p_has_children boolean
) returns table (
  level smallint, prefecture text, occupation text, annual_income text, marital_status text, has_children boolean
)
language sql immutable as $$
  select l.level,
         case when l.level & 1 <> 0 then p_prefecture end,
         case when l.level & 2 <> 0 then p_occupation end,
         case when l.level & 4 <> 0 then p_income end,
         case when l.level & 8 <> 0 then p_marital_status end,
         case when l.level & 16 <> 0 then p_has_children end
  from unnest(qp_reach_cell_levels()) l(level)
$$;

-- The smallest level that keeps every profile value a targeting uses. Immutable and not inlinable, so
-- the planner computes it once from the request's lists and reads that level's rows by the index.
create or replace function qp_reach_cell_level(
  p_prefectures text[], p_occupations text[], p_incomes text[], p_marital_statuses text[], p_children text[]
) returns smallint
language plpgsql immutable as $$
declare
  v_used integer := (case when p_prefectures = '{}' then 0 else 1 end)
                  | (case when p_occupations = '{}' then 0 else 2 end)
                  | (case when p_incomes = '{}' then 0 else 4 end)
                  | (case when p_marital_statuses = '{}' then 0 else 8 end)
                  | (case when p_children = '{}' then 0 else 16 end);
  v_level smallint;
begin
  foreach v_level in array qp_reach_cell_levels() loop
    if v_level & v_used = v_used then
      return v_level;
    end if;
  end loop;
  return 31;
end
$$;

-- Adds members to the cells: each profile (a reach_cells row without its level; `members` the change,
-- negative for members leaving) to its cell at every level. The cells are written in key order, so two
-- writers never wait on each other in a cycle; a cell whose changes cancel out is not written. Returns
-- the number of cells written.
create or replace function qp_add_to_reach_cells(p_profiles reach_cells[]) returns integer
language plpgsql as $$
declare
  v_written integer;
begin
  insert into reach_cells as c (level, prefecture, occupation, annual_income, marital_status, has_children,
                                gender, age_band, members)
  select k.level, k.prefecture, k.occupation, k.annual_income, k.marital_status, k.has_children,
         m.gender, m.age_band, sum(m.members)
  from unnest(p_profiles) m
  cross join lateral qp_reach_cell_keys(m.prefecture, m.occupation, m.annual_income, m.marital_status,
                                        m.has_children) k
  group by 1, 2, 3, 4, 5, 6, 7, 8
  having sum(m.members) <> 0
  order by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict on constraint reach_cells_key do update set members = c.members + excluded.members;
  get diagnostics v_written = row_count;
  return v_written;
end
$$;

-- Recounts every cell on the Japan-time day of p_now from the members themselves: when the cells are
-- empty, a year behind, or to be sure (the daily move is qp_advance_reach_cells); exact at any time.
-- The state row is held first, so no member's change is in flight: changes committed before are in
-- the recount's snapshot (taken by the statements after the lock), and changes after wait for it and
-- then apply to the new cells. Only the cells whose count differs are written. The counts are grouped
-- and compared in hash tables in memory (about 70 MB at a million members): sorting 250,000 keys of
-- eight text columns to merge them took longer than the rest of the recount. The settings hold while
-- the function runs. Returns the number of cells written.
create or replace function qp_refresh_reach_cells(p_now timestamptz) returns integer
language plpgsql
set work_mem = '128MB'
set enable_mergejoin = off
as $$
declare
  v_day date := (p_now at time zone 'Asia/Tokyo')::date;
  v_at timestamptz := v_day::timestamp at time zone 'Asia/Tokyo';
  v_written integer;
begin
  insert into reach_cell_state (id, as_of, refreshed_at) values (1, v_day, p_now) on conflict (id) do nothing;
  perform 1 from reach_cell_state where id = 1 for update;
  with fresh as materialized (
    select k.level, k.prefecture, k.occupation, k.annual_income, k.marital_status, k.has_children,
           m.gender, m.age_band, sum(m.members)::integer as members
    from (
      -- qp_age_band once per birth date of the last 120 years rather than once per member (and for
      -- any older date on its own): a million calls of it were most of the recount's time.
      select u.prefecture, u.occupation, u.annual_income, u.marital_status, u.has_children, u.gender,
             coalesce(b.age_band, qp_age_band(u.birth_date, v_at)) as age_band, count(*) as members
      from users u
      left join (
        select d::date as birth_date, qp_age_band(d::date, v_at) as age_band
        from generate_series(v_day - interval '120 years', v_day::timestamp, interval '1 day') d
      ) b on b.birth_date = u.birth_date
      where qp_is_member(u, v_at) and not u.banned
      group by 1, 2, 3, 4, 5, 6, 7
    ) m
    cross join lateral qp_reach_cell_keys(m.prefecture, m.occupation, m.annual_income, m.marital_status,
                                          m.has_children) k
    group by 1, 2, 3, 4, 5, 6, 7, 8
  ),
  -- Each recounted cell beside the kept one, by key (a null matching a null), where they differ.
  differing as materialized (
    select c.ctid as kept, f.level, f.prefecture, f.occupation, f.annual_income, f.marital_status,
           f.has_children, f.gender, f.age_band, f.members
    from fresh f
    full join reach_cells c
      on c.level = f.level and c.age_band = f.age_band
     and coalesce(c.prefecture, '') = coalesce(f.prefecture, '') and (c.prefecture is null) = (f.prefecture is null)
     and coalesce(c.occupation, '') = coalesce(f.occupation, '') and (c.occupation is null) = (f.occupation is null)
     and coalesce(c.annual_income, '') = coalesce(f.annual_income, '')
     and (c.annual_income is null) = (f.annual_income is null)
     and coalesce(c.marital_status, '') = coalesce(f.marital_status, '')
     and (c.marital_status is null) = (f.marital_status is null)
     and coalesce(c.has_children, false) = coalesce(f.has_children, false)
     and (c.has_children is null) = (f.has_children is null)
     and coalesce(c.gender, '') = coalesce(f.gender, '') and (c.gender is null) = (f.gender is null)
    where f.members is distinct from c.members
  ),
  emptied as (
    delete from reach_cells c using differing d where d.level is null and c.ctid = d.kept
  ),
  recounted as (
    update reach_cells c set members = d.members
    from differing d where d.level is not null and c.ctid = d.kept
  ),
  added as (
    insert into reach_cells (level, prefecture, occupation, annual_income, marital_status, has_children,
                             gender, age_band, members)
    select d.level, d.prefecture, d.occupation, d.annual_income, d.marital_status, d.has_children,
           d.gender, d.age_band, d.members
    from differing d where d.kept is null
  )
  select count(*) into v_written from differing;
  update reach_cell_state set as_of = v_day, refreshed_at = p_now where id = 1;
  return v_written;
end
$$;

-- Moves the cells from their day to the Japan-time day of p_now. A member's age in whole years, and so
-- whether they count (18 or over) and their age band, changes only when the calendar passes their
-- birthday (age(): born on 29 February, on 1 March in a year without one), so only the people whose
-- birthday falls after the cells' day and on or before the new one are counted again: each leaves the
-- cells of the old day and enters those of the new. About one member in 365 a day, found by
-- users_birth_month_day_idx, so the state row is held for milliseconds. A gap of a year or more, or
-- cells never counted, take a whole recount. Returns the number of cells written.
create or replace function qp_advance_reach_cells(p_now timestamptz) returns integer
language plpgsql as $$
declare
  v_from date;
  v_to date := (p_now at time zone 'Asia/Tokyo')::date;
  v_from_at timestamptz;
  v_to_at timestamptz := v_to::timestamp at time zone 'Asia/Tokyo';
  v_after integer;
  v_through integer;
  v_days integer[];
  v_written integer;
begin
  select s.as_of into v_from from reach_cell_state s where s.id = 1 for update;
  if v_from is null or v_to - v_from >= 365 then
    return qp_refresh_reach_cells(p_now);
  end if;
  if v_to <= v_from then
    return 0;
  end if;
  v_from_at := v_from::timestamp at time zone 'Asia/Tokyo';
  v_after := extract(month from v_from) * 100 + extract(day from v_from);
  v_through := extract(month from v_to) * 100 + extract(day from v_to);
  -- Every month × 100 + day after the old day and up to the new one, across the new year if it falls
  -- between (with 229 between 228 and 301 in every year).
  v_days := array(
    select m * 100 + d from generate_series(1, 12) m, generate_series(1, 31) d
    where case when v_after < v_through then m * 100 + d > v_after and m * 100 + d <= v_through
               else m * 100 + d > v_after or m * 100 + d <= v_through end
  );
  -- Each of them leaves the cells of the old day (-1) and enters those of the new (+1), where a member.
  v_written := qp_add_to_reach_cells(array(
    select row(null, u.prefecture, u.occupation, u.annual_income, u.marital_status, u.has_children,
               u.gender, qp_age_band(u.birth_date, d.at), d.change)::reach_cells
    from users u
    cross join (values (-1, v_from_at), (1, v_to_at)) d(change, at)
    where u.birth_date is not null
      and extract(month from u.birth_date) * 100 + extract(day from u.birth_date) = any (v_days)
      and qp_is_member(u, d.at) and not u.banned
  ));
  update reach_cell_state set as_of = v_to, refreshed_at = p_now where id = 1;
  return v_written;
end
$$;

-- Keeps the cells equal to a recount as members sign up, edit their profile, withdraw, are suspended
-- or their row is deleted: the row before the change leaves its cells and the row after enters its
-- own, on the state's day (read `for share`: a recount in progress is waited for). The cells are
-- written in key order, so two changes never wait on each other in a cycle. An update is followed row
-- by row (its trigger names the columns, which a transition table may not); an insert or delete
-- statement as a whole, so loading many people at once writes each cell once.
create or replace function qp_reach_cells_follow_users() returns trigger
language plpgsql as $$
declare
  v_day date;
  v_at timestamptz;
  v_changed reach_cells[];
begin
  -- A row that is no member even on a far day (ages only grow) counts on no day: a new sign-in's row,
  -- an advertiser's. Nothing to write, and the state row is not read.
  if tg_level = 'ROW' then
    if not coalesce(qp_is_member(old, '9999-12-31T00:00:00Z') and not old.banned, false)
       and not coalesce(qp_is_member(new, '9999-12-31T00:00:00Z') and not new.banned, false) then
      return null;
    end if;
  elsif not exists (
    select 1 from changed_users u where qp_is_member(u, '9999-12-31T00:00:00Z') and not u.banned
  ) then
    return null;
  end if;
  select s.as_of into v_day from reach_cell_state s where s.id = 1 for share;
  v_at := v_day::timestamp at time zone 'Asia/Tokyo';
  if tg_level = 'ROW' then
    v_changed := array(
      select row(null, old.prefecture, old.occupation, old.annual_income, old.marital_status, old.has_children,
                 old.gender, qp_age_band(old.birth_date, v_at), -1)::reach_cells
      where qp_is_member(old, v_at) and not old.banned
      union all
      select row(null, new.prefecture, new.occupation, new.annual_income, new.marital_status, new.has_children,
                 new.gender, qp_age_band(new.birth_date, v_at), 1)::reach_cells
      where qp_is_member(new, v_at) and not new.banned
    );
  else
    -- Grouped by profile first: a statement that loads many people adds each profile once.
    v_changed := array(
      select row(null, u.prefecture, u.occupation, u.annual_income, u.marital_status, u.has_children,
                 u.gender, qp_age_band(u.birth_date, v_at),
                 count(*) * (case when tg_op = 'INSERT' then 1 else -1 end))::reach_cells
      from changed_users u
      where qp_is_member(u, v_at) and not u.banned
      group by u.prefecture, u.occupation, u.annual_income, u.marital_status, u.has_children, u.gender,
               qp_age_band(u.birth_date, v_at)
    );
  end if;
  perform qp_add_to_reach_cells(v_changed);
  return null;
end
$$;
