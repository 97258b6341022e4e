-- Decision 077: the best practices' section comments move to the engine's form_comments (form 'best_practice', the
-- practice's uuid as instance, the section as question), as they were, in the order they were written; new ids.
INSERT INTO "form_comments" ("form", "instance", "question", "parent_id", "body", "author_id", "created_at", "resolved_at", "resolved_by", "version")
SELECT 'best_practice', p."uuid"::text, c."section", NULL, c."body", c."author_id", c."created_at", c."resolved_at", c."resolved_by", c."version"
FROM "best_practice_comments" c JOIN "best_practices" p ON p."id" = c."practice_id"
ORDER BY c."created_at", c."id";--> statement-breakpoint
DROP TABLE "best_practice_comments" CASCADE;
