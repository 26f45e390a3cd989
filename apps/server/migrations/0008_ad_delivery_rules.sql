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
ALTER TABLE "ads" ADD CONSTRAINT "ads_status_valid" CHECK ("ads"."status" in ('draft', 'pending', 'approved', 'rejected'));