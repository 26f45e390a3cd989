-- How a rule in SQL refuses (docs/decisions/013-one-round-trip.md): a hot request applies its rules
-- inside one statement, and a rule that says no calls qp_refuse.
--
-- A refusal raises SQLSTATE QPREF with the error code of packages/shared/src/core/errors.ts as its
-- message and, when the refusal has a message of its own, the catalogue key as its detail
-- (db/hot-statement.ts turns it into a DomainError; db/refusal-codes.test.ts checks every code and key
-- the rule files raise). Raising rolls the whole statement back, so a refused request changes nothing.
create or replace function qp_refuse(p_code text, p_message_key text default '') returns void
language plpgsql as $$
begin
  raise exception using errcode = 'QPREF', message = p_code, detail = p_message_key;
end
$$;
