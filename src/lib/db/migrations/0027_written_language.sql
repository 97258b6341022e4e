ALTER TABLE "best_practices" ADD COLUMN "written_in" varchar(8);--> statement-breakpoint
ALTER TABLE "national_reports" ADD COLUMN "written_in" varchar(8);