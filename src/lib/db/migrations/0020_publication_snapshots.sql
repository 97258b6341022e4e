ALTER TABLE "best_practices" ADD COLUMN "published_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "best_practices" ADD COLUMN "published_snapshot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_datasets" ADD COLUMN "published_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "profile_datasets" ADD COLUMN "published_snapshot_at" timestamp with time zone;
