-- Trigram matching for the user search (ILIKE '%…%'): the GIN indexes of the next migration use it.
-- Trusted since PostgreSQL 13 (no superuser needed); PGlite loads it in src/lib/db/client.server.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
