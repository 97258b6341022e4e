ALTER TABLE "cms_items" ADD COLUMN "image_crop" jsonb;--> statement-breakpoint
ALTER TABLE "cms_items" ADD COLUMN "image_alt" text;