CREATE TABLE "question_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"n" integer NOT NULL,
	"wording" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "national_reports" ADD COLUMN "question_pins" jsonb;--> statement-breakpoint
ALTER TABLE "national_reports" ADD COLUMN "published_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "national_reports" ADD COLUMN "published_snapshot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "wording_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_versions_question_n_idx" ON "question_versions" USING btree ("question_id","n");--> statement-breakpoint
-- Every question's wording as it is now is its first version (decision 026).
INSERT INTO "question_versions" ("question_id", "n", "wording", "created_at", "created_by")
SELECT "id", 1, jsonb_build_object(
  'text', "text", 'help', "help", 'answer_type', "answer_type", 'unit', "unit", 'options', "options",
  'min', "min", 'max', "max", 'expected_min', "expected_min", 'expected_max', "expected_max", 'decimals', "decimals",
  'parts', "parts", 'with_text', "with_text", 'text_label', "text_label", 'compulsory', "compulsory", 'source_hint', "source_hint"
), "updated_at", "updated_by" FROM "questions";
