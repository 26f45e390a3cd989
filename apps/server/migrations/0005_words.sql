-- One place per word (issue 15). Admin actions get their own audit, admin_audit: suspensions
-- (kept in settings_audit under the key `suspension:<user id>` until now, moved here with their
-- reason, the state before, who and when), ad reviews, gift settlements and daily-quiz edits.
-- The ledger's reason is checked against `ledgerReasons` (packages/shared/src/constants.ts), which
-- holds every reason ever written, so the check holds on existing data.
CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text,
	"details" jsonb,
	"acted_by" text NOT NULL,
	"acted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_action_valid" CHECK ("admin_audit"."action" in ('suspend', 'unsuspend', 'approve_ad', 'reject_ad', 'issue_gift', 'reject_gift', 'create_daily_quiz', 'update_daily_quiz'))
);
--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_id","acted_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_reason_valid" CHECK ("point_transactions"."reason" in ('signup_bonus', 'referral_friend', 'referral_referrer', 'ad_quiz', 'gacha', 'daily_quiz', 'gift_request', 'gift_refund', 'withdrawal_forfeit', 'admin_adjustment'));
--> statement-breakpoint
INSERT INTO "admin_audit" ("action", "target_id", "reason", "details", "acted_by", "acted_at")
SELECT CASE WHEN ("new_value" ->> 'suspended')::boolean THEN 'suspend' ELSE 'unsuspend' END,
       substr("key", length('suspension:') + 1),
       "new_value" ->> 'reason',
       jsonb_build_object('before', "old_value"),
       "changed_by",
       "changed_at"
FROM "settings_audit"
WHERE "key" LIKE 'suspension:%'
ORDER BY "id";--> statement-breakpoint
DELETE FROM "settings_audit" WHERE "key" LIKE 'suspension:%';
