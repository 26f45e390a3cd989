-- The Japan-time calendar day of an instant (SPEC-NOTES: every daily rule counts Japan time).
create or replace function qp_japan_day(p_at timestamptz) returns date
language sql immutable as $$ select (p_at at time zone 'Asia/Tokyo')::date $$;
