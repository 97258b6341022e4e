ALTER TABLE "report_files" ADD COLUMN "pages" integer;--> statement-breakpoint
ALTER TABLE "report_files" ADD COLUMN "signature" jsonb;