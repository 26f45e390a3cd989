-- The monthly billing run in batches (domain/billing/create-monthly-invoices.ts): the deliveries no
-- invoice has claimed yet, by ad and time. The run finds the billable ads by a skip scan of it and
-- claims each batch's deliveries through it; it holds about one to two months of deliveries (a
-- delivery leaves it when an invoice claims it), never the whole history. Nothing reads deliveries
-- by invoice_id, so that column has no index of its own.
CREATE INDEX "ad_deliveries_unbilled_idx" ON "ad_deliveries" USING btree ("ad_id","delivered_at") WHERE "ad_deliveries"."invoice_id" is null;
