ALTER TABLE "profile_categories" ADD COLUMN "hero" jsonb;--> statement-breakpoint
ALTER TABLE "profile_categories" ADD COLUMN "hero_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD CONSTRAINT "profile_indicators_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_categories" DROP COLUMN "hero_image";