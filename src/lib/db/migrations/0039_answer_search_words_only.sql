DROP INDEX "answer_search_tsv_idx";--> statement-breakpoint
DROP INDEX "answer_search_year_country_idx";--> statement-breakpoint
ALTER TABLE "answer_search" DROP COLUMN "tsv";
