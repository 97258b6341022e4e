-- Deadline reminders (issue 16): the days before closes_at each cycle reminds on, and the reminders sent, once each.
CREATE TABLE "report_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"offset_days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reporting_cycles" ADD COLUMN "reminder_days" jsonb DEFAULT '[14,7,1]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "report_reminders" ADD CONSTRAINT "report_reminders_report_id_national_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."national_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_reminders_once_idx" ON "report_reminders" USING btree ("report_id","due_on","offset_days");