-- Issue 28, image creatives: an ad's banner image, as its WebP files in the image storage (names
-- are content hashes; docs/decisions/031-image-creatives.md). Null: the ad has no image.
ALTER TABLE "ads" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_image_shape" CHECK ("ads"."image" is null or (jsonb_typeof("ads"."image") = 'object' and jsonb_array_length("ads"."image"->'files') > 0));
