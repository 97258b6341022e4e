ALTER TABLE "profile_datasets" ADD COLUMN "narrative_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "profile_datasets" SET "narrative_version" = 1 WHERE "narrative" IS NOT NULL;