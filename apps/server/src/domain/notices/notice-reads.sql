-- Statement-level, over the statement's own rows: one update per notice a statement touches, so a
-- statement adding many reads (a backfill, the scale bench) counts them at once instead of updating
-- the same notice once per row.
create or replace function qp_count_notice_reads() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
