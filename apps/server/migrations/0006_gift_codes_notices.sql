-- Issue 16: the gift-code inventory (gift_codes), notices (notices, notice_reads), and
-- qp_take_gift_code, which gives a code in stock to an exchange in the exchange's own statement.
CREATE TABLE "gift_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gift_type" text NOT NULL,
	"amount" integer NOT NULL,
	"code_ciphertext" text NOT NULL,
	"fingerprint" text NOT NULL,
	"last4" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"gift_request_id" uuid,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"loaded_by" text NOT NULL,
	"issued_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	CONSTRAINT "gift_codes_status_valid" CHECK ("gift_codes"."status" in ('available', 'issued', 'withdrawn')),
	CONSTRAINT "gift_codes_amount_positive" CHECK ("gift_codes"."amount" > 0),
	CONSTRAINT "gift_codes_issued_to_one_request" CHECK (("gift_codes"."status" = 'issued') = ("gift_codes"."gift_request_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"user_id" text NOT NULL,
	"notice_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"posted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_window_valid" CHECK ("notices"."ends_on" >= "notices"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_valid";--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_gift_request_id_gift_requests_id_fk" FOREIGN KEY ("gift_request_id") REFERENCES "public"."gift_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_fingerprint_key" ON "gift_codes" USING btree ("fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_request_key" ON "gift_codes" USING btree ("gift_request_id");--> statement-breakpoint
CREATE INDEX "gift_codes_stock_idx" ON "gift_codes" USING btree ("gift_type","amount","id") WHERE "gift_codes"."status" = 'available';--> statement-breakpoint
CREATE INDEX "notices_window_idx" ON "notices" USING btree ("starts_on","ends_on");--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_valid" CHECK ("admin_audit"."action" in ('suspend', 'unsuspend', 'approve_ad', 'reject_ad', 'issue_gift', 'reject_gift', 'create_daily_quiz', 'update_daily_quiz', 'load_gift_codes', 'withdraw_gift_code', 'post_notice', 'update_notice'));--> statement-breakpoint
-- Takes the oldest available code of a gift type and amount for a request that was just made
-- (FOR UPDATE SKIP LOCKED: simultaneous exchanges take different codes and never wait on each other),
-- gives it to the request and marks the request issued; null when none is in stock, and the request
-- stays pending for the admin. domain/gifts/request-gift.ts calls it in the same statement as
-- qp_request_gift (0003_hot_paths.sql), so the exchange and its code are one round trip and one
-- transaction.
create function qp_take_gift_code(p_request_id uuid, p_gift_type text, p_amount integer, p_now timestamptz)
returns text
language plpgsql as $$
declare
  v_code text;
begin
  update gift_codes c set status = 'issued', gift_request_id = p_request_id, issued_at = p_now
  where c.id = (
    select s.id from gift_codes s
    where s.gift_type = p_gift_type and s.amount = p_amount and s.status = 'available'
    order by s.id
    limit 1
    for update skip locked
  )
  returning c.code_ciphertext into v_code;
  if v_code is not null then
    update gift_requests set status = 'issued', settled_at = p_now, settled_by = 'inventory'
    where id = p_request_id;
  end if;
  return v_code;
end
$$;
