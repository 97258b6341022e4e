ALTER TABLE "national_reports" ADD COLUMN "cover" jsonb;--> statement-breakpoint
ALTER TABLE "national_reports" ADD COLUMN "cover_alt" text;