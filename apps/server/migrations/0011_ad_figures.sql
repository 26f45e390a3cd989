-- Per-ad, per-day figures for the consoles, and the bookkeeping of rolled-up days.
-- Which Japan-time days each rollup (ad figures, site figures) has written: every day up to and
-- including through_day (null: none yet) is in its table; later days are read live from the raw rows.
CREATE TABLE "figure_rollups" (
	"name" text PRIMARY KEY NOT NULL,
	"through_day" date
);
--> statement-breakpoint

-- Who a delivery reached, as the member's profile was at the click: the advertiser's report counts
-- its audience (gender × age band) by these, so a later profile edit or a withdrawal changes no day
-- already counted. Null is unknown (no gender given, no birth date).
ALTER TABLE "ad_deliveries" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "ad_deliveries" ADD COLUMN "age_band" text;--> statement-breakpoint
-- Deliveries made before the columns existed take the profile their member has now, the age band on
-- the Japan-time day of the click (as the report counted them until then).
UPDATE "ad_deliveries" d SET "gender" = u."gender",
  "age_band" = case when u."birth_date" is null then null else qp_age_band(u."birth_date", d."delivered_at") end
FROM "users" u WHERE u."id" = d."user_id" AND (u."gender" is not null or u."birth_date" is not null);--> statement-breakpoint

-- Each closed Japan-time day of each ad (domain/figures/roll-up-ad-figures.ts), written once: its
-- deliveries and spend (by the day of the click), its answers, correct answers, answers per option
-- and times from click to answer (by the day of the answer). answer_seconds counts answers by whole
-- seconds ({"31": 4}): the report's median and 90th percentile come from it, the average from
-- answer_ms, the exact sum in milliseconds.
CREATE TABLE "ad_day_figures" (
	"ad_id" uuid NOT NULL REFERENCES "ads"("id"),
	"day" date NOT NULL,
	"deliveries" integer NOT NULL,
	"spend" integer NOT NULL,
	"max_unit_price" integer,
	"answers" integer NOT NULL,
	"correct" integer NOT NULL,
	"answer_ms" bigint NOT NULL,
	"option_answers" jsonb NOT NULL,
	"answer_seconds" jsonb NOT NULL,
	CONSTRAINT "ad_day_figures_pkey" PRIMARY KEY ("ad_id", "day")
);--> statement-breakpoint
-- The days' deliveries and spend of a set of ads (a month of the billing page and the admin's
-- advertisers) read from the index alone: the rows of one ad lie on as many pages as it has days
-- (each day is written for all ads at once), the index's entries of one ad side by side.
CREATE INDEX "ad_day_figures_deliveries_idx" ON "ad_day_figures" USING btree ("ad_id", "day", "deliveries", "spend", "max_unit_price");--> statement-breakpoint

-- The same days by audience: the delivery's gender and age band at the click ('unknown' when not
-- given); an answer counts in its delivery's audience.
CREATE TABLE "ad_day_audiences" (
	"ad_id" uuid NOT NULL REFERENCES "ads"("id"),
	"day" date NOT NULL,
	"gender" text NOT NULL,
	"age_band" text NOT NULL,
	"deliveries" integer NOT NULL,
	"answers" integer NOT NULL,
	"correct" integer NOT NULL,
	CONSTRAINT "ad_day_audiences_pkey" PRIMARY KEY ("ad_id", "day", "gender", "age_band")
);--> statement-breakpoint

-- Each ad's deliveries and spend over all its rolled-up days, kept by the same transaction that
-- writes a day, so the advertiser's ads list reads one row per ad however long the ads have run.
CREATE TABLE "ad_figure_totals" (
	"ad_id" uuid PRIMARY KEY NOT NULL REFERENCES "ads"("id"),
	"deliveries" bigint NOT NULL,
	"spend" bigint NOT NULL
);--> statement-breakpoint

-- An ad's answers by time, for the figures of the days not rolled up yet (normally today). It
-- replaces the (ad_id, user_id) index the report used to join responses to deliveries.
CREATE INDEX "quiz_responses_ad_answer_idx" ON "quiz_responses" USING btree ("ad_id", "answered_at")
  WHERE "quiz_responses"."ad_id" is not null and "quiz_responses"."answered_at" is not null;--> statement-breakpoint
DROP INDEX "quiz_responses_ad_user_idx";--> statement-breakpoint

-- Opening an ad (SPEC §4): as before, and the delivery keeps the member's gender and age band at the
-- click (the report's audience).
create or replace function qp_click_ad(
  p_token text, p_ad_id uuid, p_wait_seconds integer, p_rate_limit integer, p_rate_window_seconds integer,
  p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer
) returns table (clicked_at timestamptz, delivered boolean)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_clicked_at timestamptz;
  v_slot smallint;
  v_left integer;
  v_ad ads;
begin
  if not qp_count_rate_limit_hit('click:user:' || v_user.id, p_rate_limit, p_rate_window_seconds) then
    perform qp_refuse('RATE_LIMITED');
  end if;
  -- Once per person and ad (the person's row is held, so two clicks of theirs cannot both pass).
  select r.clicked_at into v_clicked_at from quiz_responses r
  where r.email_hash = v_user.email_hash and r.ad_id = p_ad_id;
  if v_clicked_at is not null then
    return query select v_clicked_at, false;
    return;
  end if;
  -- One ad wait at a time: another ad opened less than p_wait_seconds ago and not answered.
  if exists (
    select 1 from quiz_responses r
    where r.user_id = v_user.id and r.ad_id <> p_ad_id and r.answered_at is null
      and r.clicked_at > p_now - make_interval(secs => p_wait_seconds)
  ) then
    perform qp_refuse('CONFLICT', 'alreadyWaiting');
  end if;
  -- One unit of room, from a slot no other click holds. When every slot with room is held, the click
  -- waits a millisecond and looks again, until one is free or none has room left (the ad reached its
  -- cap). It never waits on a slot's lock: a waiting click may hold a slot it passed over (emptied
  -- since its snapshot), and two clicks waiting on each other's would deadlock; those holding a
  -- slot wait only for the ad's row, whose holder waits for nothing a click holds.
  loop
    select f.slot into v_slot from ad_delivery_slots f
    where f.ad_id = p_ad_id and f.remaining > 0
    limit 1 for update skip locked;
    exit when v_slot is not null or not qp_ad_has_room(p_ad_id);
    perform pg_sleep(0.001);
  end loop;
  if v_slot is not null then
    update ad_delivery_slots s set remaining = s.remaining - 1
    where s.ad_id = p_ad_id and s.slot = v_slot
    returning s.remaining into v_left;
  end if;
  -- The ad is read after its slot is held, so an end of delivery that committed first is seen.
  select * into v_ad from ads where id = p_ad_id;
  if v_ad.id is null or v_ad.status <> 'approved' then
    perform qp_refuse('NOT_FOUND', 'quizNotFound');
  end if;
  if v_slot is null then
    perform qp_refuse('CONFLICT', 'adCapReached');
  end if;
  if not qp_ad_delivers(
    v_ad, v_user, case when v_user.birth_date is null then null else qp_age_band(v_user.birth_date, p_now) end, p_now
  ) then
    perform qp_refuse('CONFLICT', 'adEnded');
  end if;
  insert into quiz_responses (user_id, email_hash, ad_id, clicked_at, created_at)
  values (v_user.id, v_user.email_hash, p_ad_id, p_now, p_now);
  insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at, gender, age_band)
  values (p_ad_id, v_user.id, v_ad.unit_price, p_now, v_user.gender,
          case when v_user.birth_date is null then null else qp_age_band(v_user.birth_date, p_now) end);
  -- The click that empties a slot stops the ad if no slot has room left. Emptying clicks queue on
  -- the ad's row and each looks after the one before it committed, so the last one stops the ad.
  -- (`no key update`: the inserts above hold the ad's row `for key share` for their foreign keys,
  -- which `for update` would wait on, deadlocking two emptying clicks.)
  if v_left = 0 then
    perform 1 from ads where id = p_ad_id for no key update;
    if not qp_ad_has_room(p_ad_id) then
      update ads set is_active = false, updated_at = p_now where id = p_ad_id;
    end if;
  end if;
  return query select p_now, true;
end
$$;
