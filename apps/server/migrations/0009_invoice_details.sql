-- Qualified invoices and spend (issue 17): the advertiser's company name and address, and what invoices need.
-- The advertiser's details for the invoice's addressee (null: not given; the display name stands in).
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_address" text;--> statement-breakpoint
-- What a qualified invoice shows, kept as it was when the invoice was written: an issued invoice never
-- changes when the advertiser edits the profile or the operator its settings. Null on invoices written
-- before this migration (their PDF falls back to today's values).
ALTER TABLE "invoices" ADD COLUMN "issuer_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issuer_registration_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recipient_address" text;
