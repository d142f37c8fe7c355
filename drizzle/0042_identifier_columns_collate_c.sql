-- Identifier and machine-key columns in COLLATE "C" (byte order). The database's collation (C.UTF-8, libc) goes through
-- strcoll for every comparison of an ordering: each B-tree insert and probe, each sort, each GIN key of a text[]. Only
-- "C"/"POSIX" compare bytes. C.UTF-8 orders by code point, which for valid UTF-8 is byte order, so these columns sort
-- and compare as before; only the cost changes. The database keeps its collation: operators' and customers' names,
-- descriptions and every other free text still sort by the locale. drizzle's schema cannot say a text column's
-- collation (db/schema.ts names this file next to the tables).
--
-- Which columns: the ids and references the sync, the webhook and the reconcile pass write through B-tree or GIN
-- indexes, and the columns they are joined to through an index, so that no join compares a "C" column with an indexed
-- column of the default collation (the comparison takes "C", the other index's collation no longer matches and it
-- could not be probed: renewal_failures.subscription_id with renewals', the reconciliation search tables' ids with the
-- intents' and customers'). Unindexed copies of an id (renewals.customer_id, refund_requests.payment_intent_id, …) stay:
-- an equality costs the same in both collations. The reconciliation keys (sender_id, sender_phone, sender_name,
-- sender_key, tokens, reference_values) are ASCII by construction (rc_* functions), metadata_sender_ids are
-- "digits|metadata key" compared only for equality.
--
-- A mix of a "C" column and a default-collation column or parameter compares in "C" (no error: only two different
-- non-default collations conflict); equality is the same in both. But the collation also reaches functions: lower(),
-- upper(), regular-expression classes and ILIKE are ASCII-only in "C". rc_reference_values lower()s the intent's id,
-- which is now "C" at its callers: it says COLLATE "default" there (below), as reconciliation.ts's lower(ref.id) does.
--
-- ALTER ... TYPE to the same type with another collation does not rewrite the tables; it rebuilds every index on
-- the altered columns (one ALTER TABLE per table, so each index is rebuilt once).
ALTER TABLE "mobile_transfers"
  ALTER COLUMN "sinpe_ref_number" TYPE text COLLATE "C",
  ALTER COLUMN "payment_intent_id" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "payment_intents"
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "customer_id" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "id" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "id" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "renewals"
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "subscription_id" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "renewal_failures" ALTER COLUMN "subscription_id" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "connected_accounts" ALTER COLUMN "id" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "reconciliation_matches"
  ALTER COLUMN "payment_intent_id" TYPE text COLLATE "C",
  ALTER COLUMN "transfer_key" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "reconciliation_match_transfers" ALTER COLUMN "sinpe_ref_number" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "reconciliation_transfer_keys"
  ALTER COLUMN "sinpe_ref_number" TYPE text COLLATE "C",
  ALTER COLUMN "sender_id" TYPE text COLLATE "C",
  ALTER COLUMN "sender_name" TYPE text COLLATE "C",
  ALTER COLUMN "sender_phone" TYPE text COLLATE "C",
  ALTER COLUMN "sender_key" TYPE text COLLATE "C",
  ALTER COLUMN "tokens" TYPE text[] COLLATE "C";--> statement-breakpoint
ALTER TABLE "reconciliation_intent_keys"
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "reference_values" TYPE text[] COLLATE "C",
  ALTER COLUMN "metadata_sender_ids" TYPE text[] COLLATE "C";--> statement-breakpoint
ALTER TABLE "reconciliation_intent_search"
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "reference_values" TYPE text[] COLLATE "C";--> statement-breakpoint
ALTER TABLE "reconciliation_customer_search" ALTER COLUMN "id" TYPE text COLLATE "C";--> statement-breakpoint

-- 0041's function, with the id lower()ed in the database's collation whatever its caller's: called with a "C" column
-- (payment_intents.id), its parameter and locals take "C" (PL/pgSQL), and lower() would leave a non-ASCII letter as is.
CREATE OR REPLACE FUNCTION rc_reference_values(id text, metadata jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  own text := lower(id COLLATE "default");
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
$$;
--> statement-breakpoint

-- ALTER ... TYPE drops the altered columns' statistics, and autovacuum analyzes a table by the rows changed since, not
-- by an ALTER: without these, an existing database planned on guesses until enough rows changed (the full pass's open
-- transfers probed the keys' primary key 70,000 times instead of one hash join, 120 -> 270 ms at 100,000 transfers).
-- Only the tables that hold rows by their last statistics: a new database's empty tables stay as they were (never
-- analyzed), as they are for every migration before this one.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY array['mobile_transfers', 'payment_intents', 'customers', 'subscriptions', 'renewals', 'renewal_failures',
    'connected_accounts', 'reconciliation_matches', 'reconciliation_match_transfers', 'reconciliation_transfer_keys',
    'reconciliation_intent_keys', 'reconciliation_intent_search', 'reconciliation_customer_search'] LOOP
    IF (SELECT reltuples FROM pg_class WHERE oid = t::regclass) > 0 THEN
      EXECUTE format('ANALYZE %I', t);
    END IF;
  END LOOP;
END
$$;
