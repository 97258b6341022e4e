ALTER TABLE "best_practice_comments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "best_practice_comments" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "best_practice_comments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "best_practice_comments" ADD CONSTRAINT "best_practice_comments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;