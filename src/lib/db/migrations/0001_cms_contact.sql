CREATE TABLE "cms_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"cms_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"link" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"media_kind" text DEFAULT 'photo' NOT NULL,
	"video_url" text,
	"event" text,
	"event_slug" text,
	"image" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "cms_items_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "cms_items_type_check" CHECK ("cms_items"."cms_type" in ('banner', 'video', 'partner')),
	CONSTRAINT "cms_items_status_check" CHECK ("cms_items"."status" in ('draft', 'published', 'unpublished')),
	CONSTRAINT "cms_items_media_kind_check" CHECK ("cms_items"."media_kind" in ('photo', 'video'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"read_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_items" ADD CONSTRAINT "cms_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_items" ADD CONSTRAINT "cms_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_items_type_status_order_idx" ON "cms_items" USING btree ("cms_type","status","display_order","id");--> statement-breakpoint
CREATE INDEX "cms_items_type_event_idx" ON "cms_items" USING btree ("cms_type","event_slug");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."read_at" is null;