CREATE TABLE "answer_search" (
	"answer_id" integer PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"year" integer NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"words" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" varchar(20) NOT NULL,
	"instance" text NOT NULL,
	"question" text NOT NULL,
	"parent_id" integer,
	"body" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "synthesis_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"question_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "best_practice_sections" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "expected_change" double precision;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "checks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "report_answers" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "answer_search" ADD CONSTRAINT "answer_search_answer_id_report_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."report_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_search" ADD CONSTRAINT "answer_search_report_id_national_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."national_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_search" ADD CONSTRAINT "answer_search_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_comments" ADD CONSTRAINT "form_comments_parent_id_form_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."form_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_comments" ADD CONSTRAINT "form_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_comments" ADD CONSTRAINT "form_comments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synthesis_quotes" ADD CONSTRAINT "synthesis_quotes_year_reporting_cycles_year_fk" FOREIGN KEY ("year") REFERENCES "public"."reporting_cycles"("year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synthesis_quotes" ADD CONSTRAINT "synthesis_quotes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synthesis_quotes" ADD CONSTRAINT "synthesis_quotes_report_id_national_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."national_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synthesis_quotes" ADD CONSTRAINT "synthesis_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_search_tsv_idx" ON "answer_search" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "answer_search_year_country_idx" ON "answer_search" USING btree ("year","country_code");--> statement-breakpoint
CREATE INDEX "answer_search_report_idx" ON "answer_search" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "form_comments_instance_idx" ON "form_comments" USING btree ("form","instance","created_at");--> statement-breakpoint
CREATE INDEX "form_comments_parent_idx" ON "form_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "synthesis_quotes_year_question_report_idx" ON "synthesis_quotes" USING btree ("year","question_id","report_id");--> statement-breakpoint
CREATE INDEX "synthesis_quotes_year_idx" ON "synthesis_quotes" USING btree ("year","question_id","sort");
