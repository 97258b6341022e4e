ALTER TABLE "profile_indicators" ADD COLUMN "progress_direction" text;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD COLUMN "progress_target_kind" text;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD COLUMN "progress_target_value" double precision;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD CONSTRAINT "profile_indicators_progress_direction_check" CHECK ("profile_indicators"."progress_direction" in ('higher', 'lower'));--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD CONSTRAINT "profile_indicators_progress_kind_check" CHECK ("profile_indicators"."progress_target_kind" in ('fixed', 'champion'));--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD CONSTRAINT "profile_indicators_progress_check" CHECK (("profile_indicators"."progress_direction" is null) = ("profile_indicators"."progress_target_kind" is null)
      and ("profile_indicators"."progress_target_value" is null) = ("profile_indicators"."progress_target_kind" is distinct from 'fixed'));
--> statement-breakpoint
-- The defaults of decision 072 by indicator code (DEFAULT_INDICATOR_METHODS, src/lib/progress/method.ts).
UPDATE "profile_indicators" AS i SET "progress_direction" = d.direction, "progress_target_kind" = d.kind,
  "progress_target_value" = d.value
FROM (VALUES
  ('ELECTRICITY_URBAN_PCT', 'higher', 'fixed', 100::double precision),
  ('CLEAN_COOKING_URBAN_PCT', 'higher', 'fixed', 100),
  ('BASIC_WATER_URBAN_PCT', 'higher', 'fixed', 100),
  ('BASIC_SANITATION_URBAN_PCT', 'higher', 'fixed', 100),
  ('SLUM_PCT', 'lower', 'fixed', 0),
  ('SLUM_PCT_SDG', 'lower', 'fixed', 0),
  ('PM25_NATIONAL', 'lower', 'champion', NULL),
  ('DISASTER_DEATHS_100K', 'lower', 'champion', NULL),
  ('DISASTER_AFFECTED_100K', 'lower', 'champion', NULL),
  ('DISASTER_LOSS_USD', 'lower', 'champion', NULL),
  ('UNEMPLOYMENT_PCT', 'lower', 'champion', NULL)
) AS d(code, direction, kind, value)
WHERE i."code" = d.code;
