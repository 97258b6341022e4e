CREATE TABLE "content_translations" (
	"entity" text NOT NULL,
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "content_translations_entity_key_locale_pk" PRIMARY KEY("entity","key","locale"),
	CONSTRAINT "content_translations_locale_check" CHECK ("content_translations"."locale" in ('zh', 'fr', 'ru'))
);
--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_translations_locale_idx" ON "content_translations" USING btree ("entity","locale");