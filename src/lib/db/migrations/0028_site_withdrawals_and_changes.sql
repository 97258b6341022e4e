CREATE TABLE "site_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_withdrawals" (
	"key" text PRIMARY KEY NOT NULL,
	"paths" text[] NOT NULL,
	"until_rebuild" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "site_changes_at_idx" ON "site_changes" USING btree ("at");