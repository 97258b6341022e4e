CREATE TABLE "best_practice_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb,
	"text" text,
	"data_year" smallint,
	"source" text,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "best_practices" ADD COLUMN "section_completeness" jsonb;--> statement-breakpoint
ALTER TABLE "best_practices" ADD COLUMN "section_basis" text;--> statement-breakpoint
ALTER TABLE "best_practice_sections" ADD CONSTRAINT "best_practice_sections_practice_id_best_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."best_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_practice_sections" ADD CONSTRAINT "best_practice_sections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "best_practice_sections_practice_question_idx" ON "best_practice_sections" USING btree ("practice_id","question_id");--> statement-breakpoint
-- Every narrative section already written becomes its first answer (version 1), by whoever last saved the practice, at that time.
INSERT INTO "best_practice_sections" ("practice_id", "question_id", "value", "version", "updated_at", "updated_by")
SELECT p."id", k."question_id", to_jsonb(p."narrative" ->> k."key"), 1, p."updated_at", p."updated_by"
FROM "best_practices" p
CROSS JOIN (VALUES ('context', 1), ('objectives', 2), ('implementation', 3), ('resources', 4), ('results', 5), ('innovation', 6), ('sustainability', 7), ('transferability', 8), ('lessons', 9)) AS k("key", "question_id")
WHERE coalesce(p."narrative" ->> k."key", '') <> '';
