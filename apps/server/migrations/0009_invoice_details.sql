-- Qualified invoices and spend (issue 17): the advertiser's company name and address, and what invoices need.
-- (placeholder until its statements are written)
select 1;
