CREATE TABLE "best_practice_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "best_practice_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "best_practice_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"section" text NOT NULL,
	"body" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "best_practices" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"city" text,
	"lat" double precision,
	"lng" double precision,
	"lead_organisation" text,
	"org_type" text,
	"partners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_date" text,
	"end_date" text,
	"ongoing" boolean DEFAULT false NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sdg_targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nua_thrusts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text,
	"narrative" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"figures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"key_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "best_practices_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "best_practices_status_check" CHECK ("best_practices"."status" in ('draft', 'submitted', 'changes_requested', 'published', 'rejected', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "best_practice_comments" ADD CONSTRAINT "best_practice_comments_practice_id_best_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."best_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_practice_comments" ADD CONSTRAINT "best_practice_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_practices" ADD CONSTRAINT "best_practices_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_practices" ADD CONSTRAINT "best_practices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_practices" ADD CONSTRAINT "best_practices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "best_practice_comments_practice_idx" ON "best_practice_comments" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "best_practices_status_idx" ON "best_practices" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "best_practices_country_status_idx" ON "best_practices" USING btree ("country_code","status");