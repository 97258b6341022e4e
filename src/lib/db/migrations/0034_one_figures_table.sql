ALTER TABLE "profile_figures" ADD COLUMN "licence" text;--> statement-breakpoint
-- The open data's figures move from the dataset's JSON to one row each in profile_figures, beside the
-- countries' (decision 066); the datasets keep their versions.
INSERT INTO "profile_figures" ("dataset_id", "indicator_id", "value", "estimate", "data_year", "source", "note", "licence", "version", "updated_at")
SELECT d."id", i."id", v->'value', CASE WHEN (v->>'is_estimate')::boolean THEN 'estimate' END, (v->>'data_year')::smallint, v->>'source', v->>'note', v->>'licence', 1, d."updated_at"
FROM "profile_datasets" d CROSS JOIN LATERAL jsonb_array_elements(d."values") v JOIN "profile_indicators" i ON i."code" = v->>'indicator'
WHERE d."origin" = 'open_data'
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "profile_datasets" DROP COLUMN "values";
