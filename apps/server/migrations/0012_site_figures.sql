-- The operator's daily figures (docs/decisions/025-site-figures.md). Every closed Japan-time day is
-- written once by the roll-up-site-figures job (domain/analytics/roll-up-site-figures.ts) from the
-- one definition in domain/analytics/site-day-figures-sql.ts; the dashboard reads these rows for the
-- days up to figure_rollups.through_day and the open days from the tables after them.
CREATE TABLE "site_day_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer NOT NULL,
	"active_members" integer NOT NULL,
	"points_issued" bigint NOT NULL,
	"points_redeemed" bigint NOT NULL,
	"deliveries" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"page_views" integer NOT NULL,
	"ledger_net" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_day_page_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "site_day_page_views_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
-- The most viewed paths of a range without summing every path of every day (top-page-paths.ts):
-- each day's leaders by rank, then the leaders' totals by path.
CREATE INDEX "site_day_page_views_rank_idx" ON "site_day_page_views" USING btree ("day","rank");--> statement-breakpoint
CREATE INDEX "site_day_page_views_path_idx" ON "site_day_page_views" USING btree ("path","day");--> statement-breakpoint

-- The open days (after through_day; normally today) up to a mark, through_at, the same on every row:
-- events stamped before it are final, as for a closed day, so each run of the job adds only the rows
-- since the last mark, and the dashboard computes only the minutes after it from raw rows. A day's
-- rows go when the day is written to the closed tables. site_open_day_members lists who was active,
-- so the rows after the mark count only people not yet counted that day.
CREATE TABLE "site_open_day_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer NOT NULL,
	"active_members" integer NOT NULL,
	"points_issued" bigint NOT NULL,
	"points_redeemed" bigint NOT NULL,
	"deliveries" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"page_views" integer NOT NULL,
	"ledger_net" bigint NOT NULL,
	"through_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_open_day_page_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "site_open_day_page_views_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "site_open_day_members" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "site_open_day_members_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint

-- The job and the dashboard read minutes to a day of raw rows by time. The ledger, the deliveries and the
-- responses are written in time order on the earning paths, so a BRIN index (a few pages, and almost
-- nothing to do on an insert) finds a day's pages; autosummarize keeps the newest ranges summarized
-- between vacuums. Sign-ups and settlements happen to rows written long before: btree.
CREATE INDEX "point_transactions_time_idx" ON "point_transactions" USING brin ("created_at") WITH (autosummarize = on);--> statement-breakpoint
CREATE INDEX "ad_deliveries_time_idx" ON "ad_deliveries" USING brin ("delivered_at") WITH (autosummarize = on);--> statement-breakpoint
CREATE INDEX "quiz_responses_time_idx" ON "quiz_responses" USING brin ("created_at","clicked_at","answered_at") WITH (autosummarize = on);--> statement-breakpoint
CREATE INDEX "users_signup_time_idx" ON "users" USING btree ("signup_completed_at") WHERE "users"."signup_completed_at" is not null;--> statement-breakpoint
CREATE INDEX "gift_requests_settled_idx" ON "gift_requests" USING btree ("settled_at") WHERE "gift_requests"."status" = 'issued';--> statement-breakpoint

-- The points liability is every balance but those of withdrawn members. Withdrawal forfeits the
-- balance through the ledger, but a request pending at the time is refunded to the withdrawn account
-- when rejected: those balances are kept here, in the transaction that changes them, so the
-- dashboard never sums a million users (the ledger's total, less these).
CREATE TABLE "withdrawn_balances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "withdrawn_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
insert into "withdrawn_balances" ("user_id", "points")
select "id", "points" from "users" where "withdrawn_at" is not null and "points" <> 0;
--> statement-breakpoint

-- Only a withdrawn account with points has a row. The WHEN clauses keep the balance updates of
-- everyone else (the earning paths) from calling the function at all.
create function qp_keep_withdrawn_balance() returns trigger
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
--> statement-breakpoint
create trigger users_keep_withdrawn_balance_on_insert after insert on users
for each row when (new.withdrawn_at is not null and new.points <> 0)
execute function qp_keep_withdrawn_balance();
--> statement-breakpoint
create trigger users_keep_withdrawn_balance after update of points, withdrawn_at on users
for each row when (
  (old.withdrawn_at is not null or new.withdrawn_at is not null)
  and (old.points <> new.points or old.withdrawn_at is distinct from new.withdrawn_at)
)
execute function qp_keep_withdrawn_balance();
