DROP INDEX "profile_datasets_key_idx";--> statement-breakpoint
ALTER TABLE "profile_datasets" ADD COLUMN "origin" text DEFAULT 'country' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_datasets_key_idx" ON "profile_datasets" USING btree ("category_slug","country_code","year","origin");--> statement-breakpoint
ALTER TABLE "profile_datasets" ADD CONSTRAINT "profile_datasets_origin_check" CHECK ("profile_datasets"."origin" in ('country', 'open_data'));