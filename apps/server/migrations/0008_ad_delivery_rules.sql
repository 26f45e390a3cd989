ALTER TABLE "ads" DROP CONSTRAINT "ads_status_valid";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_prefectures" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_occupations" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_incomes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_marital_statuses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_children" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "holds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_window_order" CHECK ("ads"."starts_at" is null or "ads"."ends_at" is null or "ads"."starts_at" < "ads"."ends_at");--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_holds_valid" CHECK ("ads"."holds" <@ array['paused', 'billing', 'suspended']::text[]);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_status_valid" CHECK ("ads"."status" in ('draft', 'pending', 'approved', 'rejected'));--> statement-breakpoint

-- Profile targeting (issue 17): each list an ad fills must hold the member's own profile value; an
-- empty list targets everyone, and a member who left that part of the profile blank is not matched
-- by a filled one. With qp_ad_targets (gender and age) this is the whole rule of who an ad targets:
-- the ad list, the click and the advertiser's reach estimate all ask it.
create function qp_profile_targets(
  p_prefectures text[], p_occupations text[], p_incomes text[], p_marital_statuses text[], p_children text[],
  p_user users
) returns boolean
language sql immutable as $$
  select coalesce((cardinality(p_prefectures) = 0 or p_user.prefecture = any (p_prefectures))
     and (cardinality(p_occupations) = 0 or p_user.occupation = any (p_occupations))
     and (cardinality(p_incomes) = 0 or p_user.annual_income = any (p_incomes))
     and (cardinality(p_marital_statuses) = 0 or p_user.marital_status = any (p_marital_statuses))
     and (cardinality(p_children) = 0
          or (case when p_user.has_children then 'with' when not p_user.has_children then 'without' end)
             = any (p_children)), false)
$$;
