CREATE TABLE "national_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"title" text,
	"executive_summary" text,
	"contact" jsonb,
	"completeness" jsonb,
	"completeness_pct" smallint DEFAULT 0 NOT NULL,
	"unlocked" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "national_reports_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "national_reports_status_check" CHECK ("national_reports"."status" in ('not_started', 'in_progress', 'completed', 'submitted', 'accepted', 'published'))
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(12) NOT NULL,
	"thrust_code" varchar(10) NOT NULL,
	"subcategory_code" varchar(10) NOT NULL,
	"question_tier" smallint NOT NULL,
	"text" text NOT NULL,
	"help" text,
	"answer_type" text NOT NULL,
	"unit" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min" double precision,
	"max" double precision,
	"expected_min" double precision,
	"expected_max" double precision,
	"decimals" smallint,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"with_text" boolean DEFAULT false NOT NULL,
	"text_label" text,
	"compulsory" boolean DEFAULT false NOT NULL,
	"sdg_refs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sdg_tier" smallint,
	"nua_paragraphs" text,
	"source_hint" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"first_cycle" integer,
	"retired_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "questions_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "questions_code_unique" UNIQUE("code"),
	CONSTRAINT "questions_tier_check" CHECK ("questions"."question_tier" in (1, 2, 3)),
	CONSTRAINT "questions_answer_type_check" CHECK ("questions"."answer_type" in ('pct', 'num', 'int', 'yn', 'single', 'multi', 'txt', 'url'))
);
--> statement-breakpoint
CREATE TABLE "report_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
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
CREATE TABLE "report_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"v" integer NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" integer
);
--> statement-breakpoint
CREATE TABLE "reporting_cycles" (
	"year" integer PRIMARY KEY NOT NULL,
	"opens_at" date NOT NULL,
	"closes_at" date NOT NULL,
	"expiry_days" integer DEFAULT 30 NOT NULL,
	"timely_days" integer DEFAULT 0 NOT NULL,
	"guideline_version" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "reporting_cycles_status_check" CHECK ("reporting_cycles"."status" in ('draft', 'open', 'closed', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"thrust_code" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thrusts" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"nua_paragraphs" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "national_reports" ADD CONSTRAINT "national_reports_year_reporting_cycles_year_fk" FOREIGN KEY ("year") REFERENCES "public"."reporting_cycles"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_reports" ADD CONSTRAINT "national_reports_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_reports" ADD CONSTRAINT "national_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_thrust_code_thrusts_code_fk" FOREIGN KEY ("thrust_code") REFERENCES "public"."thrusts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_subcategory_code_subcategories_code_fk" FOREIGN KEY ("subcategory_code") REFERENCES "public"."subcategories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_answers" ADD CONSTRAINT "report_answers_report_id_national_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."national_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_answers" ADD CONSTRAINT "report_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_answers" ADD CONSTRAINT "report_answers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_report_id_national_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."national_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_cycles" ADD CONSTRAINT "reporting_cycles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_thrust_code_thrusts_code_fk" FOREIGN KEY ("thrust_code") REFERENCES "public"."thrusts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "national_reports_year_country_idx" ON "national_reports" USING btree ("year","country_code");--> statement-breakpoint
CREATE INDEX "national_reports_year_status_idx" ON "national_reports" USING btree ("year","status");--> statement-breakpoint
CREATE INDEX "national_reports_published_idx" ON "national_reports" USING btree ("published_at","id") WHERE "national_reports"."status" = 'published';--> statement-breakpoint
CREATE INDEX "questions_sort_idx" ON "questions" USING btree ("sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_answers_report_question_idx" ON "report_answers" USING btree ("report_id","question_id");--> statement-breakpoint
CREATE INDEX "report_answers_question_idx" ON "report_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_files_report_v_idx" ON "report_files" USING btree ("report_id","v");--> statement-breakpoint
CREATE INDEX "subcategories_thrust_idx" ON "subcategories" USING btree ("thrust_code","sort");