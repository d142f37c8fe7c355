-- Reconciliation's comparison keys (lib/reconciliation/normalize.ts is the same in TypeScript; an integration test
-- checks both agree). Stored as generated columns by the next migration, so the rules join on plain columns instead of
-- running a regular expression per row per run. Hand-written (drizzle-kit generate --custom): drizzle has no functions.

-- A phone as +506XXXXXXXX (another country keeps its code); null when it has no digits.
CREATE FUNCTION rc_phone(raw text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN k ~ '^[0-9]{8}$' THEN '+506' || k WHEN k <> '' THEN '+' || k END
  FROM (SELECT regexp_replace(regexp_replace(raw, '[^0-9]', '', 'g'), '^(00)?(506(?=[0-9]{8}$))?', '') AS k) AS x
$$;--> statement-breakpoint

-- A sender id as the digits of one of the spec's formats (physical id, DIMEX, legal entity, NITE, DIDI, other); else null.
CREATE FUNCTION rc_sender_id(raw text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN btrim(raw) ~ '^[0-9]([0-9[:space:]-]*[0-9])?$'
               AND regexp_replace(btrim(raw), '[[:space:]-]', '', 'g') ~ '^(0[0-9]{9}|[23][0-9]{9}|4000[0-9]{6}|[159][0-9]{11})$'
              THEN regexp_replace(btrim(raw), '[[:space:]-]', '', 'g') END
$$;--> statement-breakpoint

-- A name without accents or case, one space between words.
CREATE FUNCTION rc_name(raw text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(btrim(regexp_replace(regexp_replace(normalize(lower(raw), NFD), '[\u0300-\u036f]', '', 'g'), '[^a-z0-9]+', ' ', 'g')), '')
$$;--> statement-breakpoint

-- Who sent a transfer, for grouping split payments: the id when it has one of the spec's formats, else the phone, else the name.
CREATE FUNCTION rc_sender_key(origin_id text, origin_phone text, origin_name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce('id:' || rc_sender_id(origin_id), 'phone:' || rc_phone(origin_phone), 'name:' || rc_name(origin_name))
$$;--> statement-breakpoint

-- The words of a description that can name an intent (descriptionTokens in normalize.ts).
CREATE FUNCTION rc_description_tokens(raw text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT t ORDER BY t), '{}')
  FROM regexp_matches(lower(coalesce(raw, '')), '[a-z0-9_]+(?:-[a-z0-9_]+)*', 'g') AS w,
       unnest(array[w[1]] || string_to_array(w[1], '-')) AS t
  WHERE length(t) >= 4
$$;--> statement-breakpoint

-- What a description may name an intent by: its id, and each metadata value that looks like an order number (referenceValue).
CREATE FUNCTION rc_reference_values(id text, metadata jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array[lower(id)] || coalesce((
    SELECT array_agg(v ORDER BY v) FROM (
      SELECT DISTINCT lower(btrim(value)) AS v
        FROM jsonb_each_text(CASE WHEN jsonb_typeof(metadata) = 'object' THEN metadata ELSE '{}'::jsonb END)
    ) AS m WHERE v ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$' AND length(v) >= 4 AND v ~ '[0-9]' AND v <> lower(id)), '{}')
$$;--> statement-breakpoint

-- The sender ids an intent's metadata names (a customer's cédula, say), as "digits|key": the customer record has no id field.
CREATE FUNCTION rc_metadata_sender_ids(metadata jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(rc_sender_id(value) || '|' || key ORDER BY key), '{}')
    FROM jsonb_each_text(CASE WHEN jsonb_typeof(metadata) = 'object' THEN metadata ELSE '{}'::jsonb END)
   WHERE rc_sender_id(value) IS NOT NULL
$$;
