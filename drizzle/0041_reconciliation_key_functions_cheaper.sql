-- The reconciliation's key functions (0009, 0021), cheaper with the same results: refreshKeys computes them for every
-- row it keys, and rc_phone every customer and transfer written (customers.phone_key, mobile_transfers.sender_phone).
-- As SQL functions with a FROM clause (or STRICT around a CASE) PostgreSQL could not inline them: each call went through
-- the SQL-function executor, and rc_metadata_sender_ids called rc_sender_id twice per metadata entry. Here: PL/pgSQL
-- with local variables, translate() where it does exactly what the regular expression did, and 0009's expression or
-- statement kept for whatever the fast path does not take (a character it cannot decide on, more than 32 values).
-- [[:space:]] depends on the database's locale: rc_sender_id's fast path only takes ASCII digits, ' ' and '-', whose
-- class is the same in every locale. The other patterns are ASCII ranges ([0-9], [a-z0-9_]), which translate() lists.
-- Sorted results sort in the collation 0009's ORDER BY used. Names, signatures, IMMUTABLE, PARALLEL SAFE and STRICT as
-- before: stored generated columns and key rows hold old results. db/queries/reconciliation-key-functions.int.test.ts
-- compares these with 0009's bodies over 100,000 generated inputs and every character up to U+3100. rc_name,
-- rc_sender_text and rc_description_tokens stay: rc_sender_text is inlined, a PL/pgSQL rc_name with a translate() fast
-- path measured slower than 0009's (165 ms against 115 ms per 100k names), and a hand-written tokenizer for
-- rc_description_tokens saved a fifth of its time (331 → 229 ms per 100k) for a loop too intricate to be worth it.

-- A phone as +506XXXXXXXX (another country keeps its code); null when it has no digits.
CREATE OR REPLACE FUNCTION rc_phone(raw text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  -- The digits: a phone as typed is digits and these separators; anything else takes the regular expression.
  k text := translate(raw, ' -+().', '');
BEGIN
  IF translate(k, '0123456789', '') <> '' THEN k := regexp_replace(raw, '[^0-9]', '', 'g'); END IF;
  -- '^(00)?(506(?=[0-9]{8}$))?': a leading 00, then 506 when exactly eight digits follow.
  IF left(k, 2) = '00' THEN k := substr(k, 3); END IF;
  IF length(k) = 11 AND left(k, 3) = '506' THEN k := substr(k, 4); END IF;
  IF length(k) = 8 THEN RETURN '+506' || k; END IF;
  IF k <> '' THEN RETURN '+' || k; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- A sender id as the digits of one of the spec's formats (physical id, DIMEX, legal entity, NITE, DIDI, other); else null.
CREATE OR REPLACE FUNCTION rc_sender_id(raw text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  b text := btrim(raw);
  s text;
BEGIN
  -- '^[0-9]([0-9[:space:]-]*[0-9])?$': first and last characters digits, the rest digits, spaces or dashes.
  IF translate(left(b, 1) || right(b, 1), '0123456789', '') <> '' THEN RETURN NULL; END IF;
  s := translate(b, ' -', '');
  IF translate(s, '0123456789', '') <> '' THEN
    -- Another character: only [[:space:]] (the locale's) may be dropped, as before.
    s := regexp_replace(b, '[[:space:]-]', '', 'g');
    IF translate(s, '0123456789', '') <> '' THEN RETURN NULL; END IF;
  END IF;
  -- '^(0[0-9]{9}|[23][0-9]{9}|4000[0-9]{6}|[159][0-9]{11})$' on digits only.
  IF length(s) = 10 AND (left(s, 1) IN ('0', '2', '3') OR left(s, 4) = '4000') OR length(s) = 12 AND left(s, 1) IN ('1', '5', '9') THEN
    RETURN s;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- What a description may name an intent by: its id, and each metadata value that looks like an order number (referenceValue).
CREATE OR REPLACE FUNCTION rc_reference_values(id text, metadata jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  own text := lower(id);
  vals jsonb;
  v text;
  found text[] := '{}';
  n int;
  i int;
BEGIN
  IF jsonb_typeof(metadata) IS DISTINCT FROM 'object' THEN RETURN array[own]; END IF;
  vals := jsonb_path_query_array(metadata, '$.*');
  FOR k IN 0 .. jsonb_array_length(vals) - 1 LOOP
    v := lower(btrim(vals ->> k));
    -- '^[a-z0-9_]+(-[a-z0-9_]+)*$', four characters or more, a digit, not the id.
    -- (A null value, or a null id, is no value: coalesce.)
    CONTINUE WHEN NOT coalesce(length(v) >= 4 AND translate(v, 'abcdefghijklmnopqrstuvwxyz0123456789_-', '') = '' AND translate(v, '0123456789', '') <> v
      AND left(v, 1) <> '-' AND right(v, 1) <> '-' AND strpos(v, '--') = 0 AND v <> own, false);
    -- Distinct and sorted by insertion, in the collation ORDER BY v used (jsonb_each_text's values: the default).
    n := cardinality(found);
    i := n;
    WHILE i > 0 AND found[i] > v COLLATE "default" LOOP i := i - 1; END LOOP;
    CONTINUE WHEN i > 0 AND found[i] = v;
    IF n >= 32 THEN
      RETURN array[own] || (SELECT array_agg(m.v ORDER BY m.v) FROM (SELECT DISTINCT lower(btrim(value)) AS v FROM jsonb_each_text(metadata)) AS m
        WHERE m.v ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$' AND length(m.v) >= 4 AND m.v ~ '[0-9]' AND m.v <> own);
    END IF;
    found := found[1:i] || v || found[i + 1:n];
  END LOOP;
  RETURN array[own] || found;
END
$$;--> statement-breakpoint

-- The sender ids an intent's metadata names (a customer's cédula, say), as "digits|key": the customer record has no id field.
CREATE OR REPLACE FUNCTION rc_metadata_sender_ids(metadata jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  entries jsonb;
  entry jsonb;
  s text;
  key text;
  keys text[] := '{}';
  found text[] := '{}';
  n int;
  i int;
BEGIN
  IF jsonb_typeof(metadata) IS DISTINCT FROM 'object' THEN RETURN '{}'; END IF;
  entries := jsonb_path_query_array(metadata, '$.keyvalue()');
  FOR k IN 0 .. jsonb_array_length(entries) - 1 LOOP
    entry := entries -> k;
    -- One rc_sender_id per entry (the old statement called it twice).
    s := rc_sender_id(entry ->> 'value');
    CONTINUE WHEN s IS NULL;
    -- Ordered by key by insertion, in the collation ORDER BY key used (jsonb_each_text's keys: the default); keys are unique.
    key := entry ->> 'key';
    n := cardinality(keys);
    i := n;
    WHILE i > 0 AND keys[i] > key COLLATE "default" LOOP i := i - 1; END LOOP;
    keys := keys[1:i] || key || keys[i + 1:n];
    found := found[1:i] || (s || '|' || key) || found[i + 1:n];
  END LOOP;
  RETURN found;
END
$$;
