CREATE TABLE "trusted_authorities" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"country_code" varchar(2),
	"name" text NOT NULL,
	"subject" jsonb NOT NULL,
	"pem" text NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"note" text,
	"demo" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "trusted_authorities_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "trusted_authorities" ADD CONSTRAINT "trusted_authorities_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_authorities" ADD CONSTRAINT "trusted_authorities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_authorities_scope_idx" ON "trusted_authorities" USING btree ("fingerprint",coalesce("country_code", ''));--> statement-breakpoint
UPDATE "report_files" SET "signature" = "signature" || '{"status": "not_checked"}'::jsonb WHERE "signature" IS NOT NULL AND "signature"->'status' IS NULL;
