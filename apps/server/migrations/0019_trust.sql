-- Issue 28: a gift code's fingerprint is now of the code as people read it (letter case and hyphens
-- aside: giftCodeKey), so a code loaded again written another way is refused. The fingerprints
-- written before are of the code as it was loaded; they are marked version 1 here and computed again
-- by the next load of codes (domain/gifts/load-gift-codes.ts), in its transaction, since only the
-- app holds the key. New rows are version 2.
ALTER TABLE "gift_codes" ADD COLUMN "fingerprint_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_codes" ALTER COLUMN "fingerprint_version" SET DEFAULT 2;--> statement-breakpoint
CREATE INDEX "gift_codes_old_fingerprint_idx" ON "gift_codes" USING btree ("id") WHERE "gift_codes"."fingerprint_version" = 1;
