-- An invoice bills a stretch of time instead of claiming its deliveries one by one
-- (docs/decisions/034-invoice-stretches.md): the monthly run no longer writes a month's millions of
-- deliveries, it sums them. invoices.billed_from … billed_until is the stretch; stretch_deliveries and
-- stretch_subtotal are what it held when the invoice was written, so that the next invoice can bill
-- the late ones (committed into it afterwards).
ALTER TABLE "invoices" ADD COLUMN "billed_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "stretch_deliveries" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "stretch_subtotal" integer;--> statement-breakpoint

-- The invoices written before: each claimed its deliveries by ad_deliveries.invoice_id, all of them
-- before its Japan-time month's end, where the ad's next invoice now starts.
UPDATE "invoices" SET "billed_until" = (to_date("period", 'YYYYMM') + interval '1 month')::timestamp AT TIME ZONE 'Asia/Tokyo';--> statement-breakpoint
-- An ad whose deliveries before its latest invoice's end are not all claimed (committed after that
-- invoice was written; the old run billed them next month): that invoice's stretch starts at the
-- earliest of them and held only the claimed ones, billing none of them (it claimed what it billed), so
-- the ad's next invoice bills the unclaimed as late ones. Found through the index of unclaimed
-- deliveries, dropped below.
UPDATE "invoices" i SET "billed_from" = u."first_unclaimed", "stretch_subtotal" = 0,
  "stretch_deliveries" = (SELECT count(*) FROM "ad_deliveries" d WHERE d."ad_id" = l."ad_id"
    AND d."delivered_at" >= u."first_unclaimed" AND d."delivered_at" < l."billed_until" AND d."invoice_id" IS NOT NULL)
FROM (SELECT DISTINCT ON ("ad_id") "id", "ad_id", "billed_until" FROM "invoices" ORDER BY "ad_id", "period" DESC) l
CROSS JOIN LATERAL (
  SELECT min(d."delivered_at") AS "first_unclaimed" FROM "ad_deliveries" d
  WHERE d."ad_id" = l."ad_id" AND d."invoice_id" IS NULL AND d."delivered_at" < l."billed_until"
) u
WHERE i."id" = l."id" AND u."first_unclaimed" IS NOT NULL;--> statement-breakpoint

CREATE UNIQUE INDEX "invoices_ad_from_key" ON "invoices" USING btree ("ad_id","billed_from");--> statement-breakpoint
-- Nothing claims deliveries any more, so every new delivery would enter this index: a click writes
-- one index entry fewer.
DROP INDEX "ad_deliveries_unbilled_idx";
