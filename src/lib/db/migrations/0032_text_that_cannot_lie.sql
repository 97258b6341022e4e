-- Text that cannot lie (issue 31, decision 057): what is stored is cleaned once, as the API now cleans
-- every text on the way in (src/lib/http/safe-text.ts, the same rules): bidirectional embeddings,
-- overrides and isolates, the word joiner, invisible operators, deprecated format controls and
-- U+FEFF go; U+200B stays only between two letters of Thai, Lao, Khmer, Myanmar, Tibetan and their
-- neighbours, U+180E only between two Mongolian letters; LRM, RLM and ALM stay only in a text that
-- holds right-to-left writing. ZWNJ and ZWJ are never touched. The audit trail keeps what was sent.
CREATE FUNCTION apua_safe_text(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  unspaced constant text := '\u0E00-\u0FFF\u1000-\u109F\u1780-\u17FF\u1950-\u19FF\u1A20-\u1AAF\u1B00-\u1B7F\uA980-\uA9FF\uAA60-\uAA7F';
  mongolian constant text := '\u1800-\u180D\u180F-\u18AF';
  clean text;
BEGIN
  IF value IS NULL THEN RETURN NULL; END IF;
  clean := regexp_replace(value, '[\u202A-\u202E\u2066-\u2069\u2060-\u2064\u206A-\u206F\uFEFF]', '', 'g');
  clean := regexp_replace(clean, '(?<![' || unspaced || '])\u200B|\u200B(?![' || unspaced || '])', '', 'g');
  clean := regexp_replace(clean, '(?<![' || mongolian || '])\u180E|\u180E(?![' || mongolian || '])', '', 'g');
  IF clean !~ '[\u0590-\u061B\u061D-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\U00010800-\U00010FFF\U0001E800-\U0001EFFF]' THEN
    clean := regexp_replace(clean, '[\u200E\u200F\u061C]', '', 'g');
  END IF;
  RETURN clean;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  suspect constant text := '[\u202A-\u202E\u2066-\u2069\u2060-\u2064\u206A-\u206F\uFEFF\u200B\u180E\u200E\u200F\u061C]';
  col record;
BEGIN
  FOR col IN
    SELECT c.table_name, c.column_name, c.data_type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'jsonb')
      AND c.table_name <> 'audit_events'
    ORDER BY c.table_name, c.column_name
  LOOP
    BEGIN
      IF col.data_type = 'jsonb' THEN
        EXECUTE format('UPDATE %I SET %I = apua_safe_text(%I::text)::jsonb WHERE %I::text ~ %L', col.table_name, col.column_name, col.column_name, col.column_name, suspect);
      ELSE
        EXECUTE format('UPDATE %I SET %I = apua_safe_text(%I) WHERE %I ~ %L', col.table_name, col.column_name, col.column_name, col.column_name, suspect);
      END IF;
    EXCEPTION WHEN unique_violation THEN
      -- Two values that differ only by invisible characters: both are kept as they were (the build and the emails clean them when shown).
      RAISE NOTICE 'apua_safe_text: %.% left as it was (cleaning would make two values equal)', col.table_name, col.column_name;
    END;
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP FUNCTION apua_safe_text(text);
