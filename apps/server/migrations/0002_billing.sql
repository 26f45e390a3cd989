CREATE TABLE "dev_payment_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" varchar(4),
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status_valid";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "unit_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charge_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charged_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "dev_payment_charges_idempotency_key" ON "dev_payment_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "invoices_advertiser_idx" ON "invoices" USING btree ("advertiser_id","period" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_valid" CHECK ("invoices"."status" in ('charging', 'charged', 'carried_over', 'failed', 'no_charge'));--> statement-breakpoint
-- The documented default pricing (docs/decisions/004-defaults.md), so every database, production
-- included, has the one row ad creation reads; the admin edits it from here.
INSERT INTO "pricing_config" ("id", "user_reward", "base_fee", "extra_targeting_fee") VALUES (1, 10, 20, 5) ON CONFLICT DO NOTHING;
