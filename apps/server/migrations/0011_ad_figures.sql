-- Per-ad, per-day figures for the consoles, and the bookkeeping of rolled-up days.
-- Which Japan-time days each rollup (ad figures, site figures) has written: every day up to and
-- including through_day (null: none yet) is in its table; later days are read live from the raw rows.
CREATE TABLE "figure_rollups" (
	"name" text PRIMARY KEY NOT NULL,
	"through_day" date
);
