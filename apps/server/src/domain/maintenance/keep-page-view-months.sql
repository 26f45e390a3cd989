-- Makes a partition for every month from p_make_from through p_make_through and for every month
-- kept (from p_keep_from) that has views in the default partition, moving those views into it;
-- deletes views in the default from before p_keep_from. Both functions take the same transaction
-- lock, so two instances' jobs run one after the other and the second finds nothing to do.
create or replace function qp_add_page_view_months(
  p_keep_from date, p_make_from date, p_make_through date, out created text[], out moved bigint, out deleted bigint
)
language plpgsql security definer
set search_path = public, pg_temp
-- DDL waits behind readers of the table and everything queues behind it: wait a little and give up
-- (the caller tries again on its next run; partitions are made months ahead).
set lock_timeout = '2s'
as $$
declare
  v_keep_from timestamptz := p_keep_from::timestamp at time zone 'Asia/Tokyo';
  v_months date[];
  v_month date;
  v_start timestamptz;
  v_end timestamptz;
  v_name text;
  v_rows bigint;
  v_default_locked boolean := false;
begin
  if p_make_from <> date_trunc('month', p_make_from) or p_make_through < p_make_from then
    raise exception 'page view months run from the first of a month through a later one';
  end if;
  perform pg_advisory_xact_lock(7340016);
  created := '{}';
  moved := 0;
  delete from page_views_default where viewed_at < v_keep_from;
  get diagnostics deleted = row_count;
  select array_agg(month order by month) into v_months from (
    select generate_series(p_make_from, p_make_through, interval '1 month')::date as month
    union
    select date_trunc('month', viewed_at at time zone 'Asia/Tokyo')::date
    from page_views_default where viewed_at >= v_keep_from
  ) months;
  foreach v_month in array v_months loop
    v_name := 'page_views_' || to_char(v_month, 'YYYYMM');
    continue when to_regclass(v_name) is not null;
    v_start := v_month::timestamp at time zone 'Asia/Tokyo';
    v_end := (v_month + interval '1 month')::timestamp at time zone 'Asia/Tokyo';
    -- No view may reach the default for this month between the move and the attach.
    if not v_default_locked then
      lock table page_views_default in access exclusive mode;
      v_default_locked := true;
    end if;
    -- Made apart and attached: ATTACH locks page_views less than CREATE … PARTITION OF does, so
    -- inserts and reads of the other months go on.
    execute format('create table %I (like page_views)', v_name);
    execute format(
      'with taken as (delete from page_views_default where viewed_at >= $1 and viewed_at < $2
         returning id, path, user_id, viewed_at)
       insert into %I (id, path, user_id, viewed_at) select id, path, user_id, viewed_at from taken',
      v_name
    ) using v_start, v_end;
    get diagnostics v_rows = row_count;
    moved := moved + v_rows;
    execute format('alter table page_views attach partition %I for values from (%L) to (%L)', v_name, v_start, v_end);
    created := created || to_char(v_month, 'YYYY-MM');
  end loop;
end $$;

-- Drops the month partitions before p_before (the first month kept), whole.
create or replace function qp_drop_page_view_months(p_before date, out dropped text[])
language plpgsql security definer
set search_path = public, pg_temp
set lock_timeout = '2s'
as $$
declare
  v_name text;
begin
  perform pg_advisory_xact_lock(7340016);
  dropped := '{}';
  for v_name in
    select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'page_views'::regclass and c.relname ~ '^page_views_[0-9]{6}$'
      and to_date(right(c.relname, 6), 'YYYYMM') < p_before
    order by c.relname
  loop
    execute format('drop table %I', v_name);
    dropped := dropped || to_char(to_date(right(v_name, 6), 'YYYYMM'), 'YYYY-MM');
  end loop;
end $$;
