-- Failed payments (issue 17): when an invoice first failed (the advertiser is mailed once per invoice),
-- the admin's retry in the audit, and the payment stand-in's declining test card and unpaid charges.
ALTER TABLE "invoices" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "invoices" SET "failed_at" = "created_at" WHERE "status" = 'failed';--> statement-breakpoint
CREATE INDEX "invoices_failed_idx" ON "invoices" USING btree ("advertiser_id") WHERE "invoices"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_valid";--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_valid" CHECK ("admin_audit"."action" in ('suspend', 'unsuspend', 'approve_ad', 'reject_ad', 'issue_gift', 'reject_gift', 'create_daily_quiz', 'update_daily_quiz', 'load_gift_codes', 'withdraw_gift_code', 'post_notice', 'update_notice', 'retry_invoice'));--> statement-breakpoint
ALTER TABLE "dev_payment_sessions" ADD COLUMN "card_declines" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dev_payment_charges" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;
