CREATE TABLE "profile_figures" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"indicator_id" integer NOT NULL,
	"value" jsonb,
	"estimate" text,
	"data_year" smallint,
	"source" text,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "profile_figures_estimate_check" CHECK ("profile_figures"."estimate" is null or "profile_figures"."estimate" = 'estimate')
);
--> statement-breakpoint
ALTER TABLE "profile_datasets" ADD COLUMN "completeness" jsonb;--> statement-breakpoint
ALTER TABLE "profile_datasets" ADD COLUMN "completeness_basis" text;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD CONSTRAINT "profile_indicators_id_key" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "profile_figures" ADD CONSTRAINT "profile_figures_dataset_id_profile_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."profile_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_figures" ADD CONSTRAINT "profile_figures_indicator_id_profile_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."profile_indicators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_figures" ADD CONSTRAINT "profile_figures_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_figures_dataset_indicator_idx" ON "profile_figures" USING btree ("dataset_id","indicator_id");--> statement-breakpoint
CREATE INDEX "profile_figures_indicator_idx" ON "profile_figures" USING btree ("indicator_id");--> statement-breakpoint
-- A country's figures move from the dataset's JSON to one row each (decision 046); the datasets keep their versions.
INSERT INTO "profile_figures" ("dataset_id", "indicator_id", "value", "estimate", "data_year", "source", "note", "version", "updated_at", "updated_by")
SELECT d."id", i."id", v->'value', CASE WHEN (v->>'is_estimate')::boolean THEN 'estimate' END, (v->>'data_year')::smallint, v->>'source', v->>'note', 1, d."updated_at", d."updated_by"
FROM "profile_datasets" d CROSS JOIN LATERAL jsonb_array_elements(d."values") v JOIN "profile_indicators" i ON i."code" = v->>'indicator'
WHERE d."origin" = 'country'
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "profile_datasets" SET "values" = '[]'::jsonb WHERE "origin" = 'country';
