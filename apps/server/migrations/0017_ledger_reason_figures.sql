-- The ledger's entries and points by reason and direction per Japan-time day, beside the operator's
-- figures (docs/decisions/025-site-figures.md): written by the roll-up-site-figures job in the same
-- transactions as site_day_figures and site_open_day_figures, from the one definition in
-- domain/analytics/site-day-figures-sql.ts (ledgerByReasonQuery). /metrics sums the closed days, the
-- open days up to their mark (site_open_day_figures.through_at) and the ledger rows after it, rather
-- than counting the whole ledger at every scrape. direction: credit (points > 0) or debit.
CREATE TABLE "site_day_ledger" (
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"direction" text NOT NULL,
	"entries" integer NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "site_day_ledger_day_reason_direction_pk" PRIMARY KEY("day","reason","direction")
);
--> statement-breakpoint
CREATE TABLE "site_open_day_ledger" (
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"direction" text NOT NULL,
	"entries" integer NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "site_open_day_ledger_day_reason_direction_pk" PRIMARY KEY("day","reason","direction")
);
--> statement-breakpoint

-- A database the job has already rolled up gets the days it wrote (up to through_day) and the open
-- days up to their mark, by the same definition as ledgerByReasonQuery; before the first rollup both
-- stay empty and the job writes them with the days.
insert into "site_day_ledger" ("day", "reason", "direction", "entries", "points")
select (t.created_at at time zone 'Asia/Tokyo')::date, t.reason,
  case when t.points > 0 then 'credit' else 'debit' end, count(*), sum(abs(t.points))
from point_transactions t
join figure_rollups r on r.name = 'site-figures' and r.through_day is not null
where t.created_at < ((r.through_day + 1)::timestamp at time zone 'Asia/Tokyo')
group by 1, 2, 3;
--> statement-breakpoint
insert into "site_open_day_ledger" ("day", "reason", "direction", "entries", "points")
select (t.created_at at time zone 'Asia/Tokyo')::date, t.reason,
  case when t.points > 0 then 'credit' else 'debit' end, count(*), sum(abs(t.points))
from point_transactions t
join figure_rollups r on r.name = 'site-figures' and r.through_day is not null
where t.created_at >= ((r.through_day + 1)::timestamp at time zone 'Asia/Tokyo')
  and t.created_at < (select max(o.through_at) from site_open_day_figures o where o.day > r.through_day)
group by 1, 2, 3;
