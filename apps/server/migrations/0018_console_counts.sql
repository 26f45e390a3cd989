ALTER TABLE "notices" ADD COLUMN "read_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "quiz_responses_daily_quiz_idx" ON "quiz_responses" USING btree ("daily_quiz_id","is_correct") WHERE "quiz_responses"."daily_quiz_id" is not null;--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by","created_at" DESC NULLS FIRST) WHERE "users"."referred_by" is not null;--> statement-breakpoint
-- Console reads at a million members (issue 27): the admin's notice list showed how many read each by
-- counting notice_reads per notice (0.5 s at 150,000 reads a notice). The count is kept on the notice
-- by these triggers, in the transaction that adds or removes a read, so it always equals the rows;
-- a read is never updated, and removing a notice removes its reads with it.
UPDATE "notices" n SET "read_count" = r.reads
FROM (SELECT "notice_id", count(*)::int AS reads FROM "notice_reads" GROUP BY "notice_id") r
WHERE r."notice_id" = n."id";--> statement-breakpoint
-- Statement-level, over the statement's own rows: one update per notice a statement touches, so a
-- statement adding many reads (a backfill, the scale bench) counts them at once instead of updating
-- the same notice once per row.
CREATE FUNCTION qp_count_notice_reads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE notices n SET read_count = n.read_count + r.reads
    FROM (SELECT notice_id, count(*)::int AS reads FROM added_reads GROUP BY notice_id) r
    WHERE n.id = r.notice_id;
  ELSE
    UPDATE notices n SET read_count = n.read_count - r.reads
    FROM (SELECT notice_id, count(*)::int AS reads FROM removed_reads GROUP BY notice_id) r
    WHERE n.id = r.notice_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notice_reads_counted AFTER INSERT ON "notice_reads"
REFERENCING NEW TABLE AS added_reads
FOR EACH STATEMENT EXECUTE FUNCTION qp_count_notice_reads();--> statement-breakpoint
CREATE TRIGGER notice_reads_uncounted AFTER DELETE ON "notice_reads"
REFERENCING OLD TABLE AS removed_reads
FOR EACH STATEMENT EXECUTE FUNCTION qp_count_notice_reads();
