-- Only a withdrawn account with points has a row. The WHEN clauses keep the balance updates of
-- everyone else (the earning paths) from calling the function at all.
create or replace function qp_keep_withdrawn_balance() returns trigger
language plpgsql as $$
begin
  if new.withdrawn_at is null or new.points = 0 then
    delete from withdrawn_balances where user_id = new.id;
  else
    insert into withdrawn_balances (user_id, points) values (new.id, new.points)
    on conflict (user_id) do update set points = excluded.points;
  end if;
  return null;
end
$$;
