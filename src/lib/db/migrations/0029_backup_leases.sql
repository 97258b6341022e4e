CREATE TABLE "backup_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deferred_file_deletions" (
	"key" text NOT NULL,
	"folder" boolean DEFAULT false NOT NULL,
	"deferred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deferred_file_deletions_key_folder_pk" PRIMARY KEY("key","folder")
);
