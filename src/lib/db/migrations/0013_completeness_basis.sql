-- Reports keep the completeness they have; with no basis yet, each is counted again on its next answer save.
ALTER TABLE "national_reports" ADD COLUMN "completeness_basis" text;