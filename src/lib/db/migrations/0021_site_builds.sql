CREATE TABLE "site_builds" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'building' NOT NULL,
	"instance" text,
	"progress" real DEFAULT 0 NOT NULL,
	"step" text DEFAULT 'starting' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"live_since" timestamp with time zone,
	"archive_key" text,
	"failure" text,
	CONSTRAINT "site_builds_state_check" CHECK ("site_builds"."state" in ('building', 'live', 'failed', 'abandoned'))
);--> statement-breakpoint
CREATE INDEX "site_builds_live_idx" ON "site_builds" USING btree ("live_since");--> statement-breakpoint
CREATE INDEX "site_builds_started_idx" ON "site_builds" USING btree ("started_at");
