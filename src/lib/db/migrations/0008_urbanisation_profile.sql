CREATE TABLE "profile_categories" (
	"slug" varchar(60) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"umf_domain" text,
	"published" boolean DEFAULT true NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"key_facts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hero_image" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "profile_datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_slug" varchar(60) NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"year" integer NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"narrative" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "profile_datasets_status_check" CHECK ("profile_datasets"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "profile_indicators" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"category_slug" varchar(60) NOT NULL,
	"name" text NOT NULL,
	"unit" text,
	"answer_type" text DEFAULT 'num' NOT NULL,
	"decimals" smallint,
	"min" double precision,
	"max" double precision,
	"expected_min" double precision,
	"expected_max" double precision,
	"source" text NOT NULL,
	"source_series" text,
	"licence" text,
	"sdg_ref" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profile_indicators_type_check" CHECK ("profile_indicators"."answer_type" in ('pct', 'num', 'int'))
);
--> statement-breakpoint
ALTER TABLE "profile_categories" ADD CONSTRAINT "profile_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_datasets" ADD CONSTRAINT "profile_datasets_category_slug_profile_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."profile_categories"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_datasets" ADD CONSTRAINT "profile_datasets_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_datasets" ADD CONSTRAINT "profile_datasets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_indicators" ADD CONSTRAINT "profile_indicators_category_slug_profile_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."profile_categories"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_datasets_key_idx" ON "profile_datasets" USING btree ("category_slug","country_code","year");--> statement-breakpoint
CREATE INDEX "profile_datasets_country_idx" ON "profile_datasets" USING btree ("country_code","year");--> statement-breakpoint
CREATE INDEX "profile_indicators_category_idx" ON "profile_indicators" USING btree ("category_slug","sort");