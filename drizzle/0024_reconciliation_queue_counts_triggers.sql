-- The reconciliation queues' counts (db/queries/reconciliation-queues.ts queueSummary) kept by the writes themselves:
-- statement-level triggers append, per (mode, queue, currency, epoch hour of the money), what each statement changed.
-- Only appends: two writers never wait on one counter row, and a compaction (compactQueueCounts) that deletes the rows
-- its snapshot sees and inserts their sum stays exact beside writers it cannot see yet.
--   suggested / confirmed / accepted_unmatched: reconciliation_matches rows in that state (a set counts once, with its total).
--   unmatched: open transfers (UNRECONCILED_TRANSFER_STATUSES, no service link) with no member row in one of those states.
-- The unmatched figure changes with a transfer's own row (mobile_transfers) or with its member rows
-- (reconciliation_match_transfers, whose state follows its match: 0015): each trigger reads the other table as it is now,
-- which that statement did not change. A TRUNCATE rebuilds the whole log from the tables (tests truncate them).
-- A full reconcile pass (db/queries/reconciliation.ts) rewrites most of a mode's suggestions: it turns the matches' and
-- members' triggers off for its transaction (rc.queue_counts = off) and recounts the mode from what it computed, which
-- costs a fraction of counting its writes row by row, and also heals any drift a race could have left.
-- Hand-written (drizzle-kit generate --custom): drizzle's schema has no triggers.
CREATE FUNCTION rc_queue_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM reconciliation_queue_counts;
  INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
  SELECT mode, state::text, currency, floor(extract(epoch FROM transfer_at) / 3600)::int, count(*), sum(amount)
    FROM reconciliation_matches WHERE state IN ('suggested', 'confirmed', 'accepted_unmatched') GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT t.mode, 'unmatched', t.currency, floor(extract(epoch FROM t.paid_at) / 3600)::int, count(*), sum(t.amount)
    FROM mobile_transfers t
   WHERE t.status IN ('received', 'attempt_not_found', 'charge_not_found') AND t.payment_intent_id IS NULL
     AND NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = t.mode AND mt.sinpe_ref_number = t.sinpe_ref_number
                       AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
   GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint

SELECT rc_queue_counts_rebuild();--> statement-breakpoint

-- Matches: +1 per new row in a counted state, -1 per old one; an update that changed nothing counted cancels out.
CREATE FUNCTION rc_queue_counts_matches() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted constant text := $s$ state IN ('suggested', 'confirmed', 'accepted_unmatched') $s$;
  rows text := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN format('SELECT mode, state, currency, transfer_at, amount, 1 AS d FROM new_rows WHERE %s', counted) END,
    CASE WHEN TG_OP <> 'INSERT' THEN format('SELECT mode, state, currency, transfer_at, amount, -1 AS d FROM old_rows WHERE %s', counted) END);
BEGIN
  IF current_setting('rc.queue_counts', true) = 'off' THEN RETURN NULL; END IF; -- a full pass recounts its mode itself
  EXECUTE format($q$
    INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    SELECT mode, state::text, currency, floor(extract(epoch FROM transfer_at) / 3600)::int, sum(d), sum(d * amount)
      FROM (%s) x GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 OR sum(d * amount) <> 0 $q$, rows);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER rc_queue_counts_matches_insert AFTER INSERT ON reconciliation_matches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_matches();--> statement-breakpoint
CREATE TRIGGER rc_queue_counts_matches_update AFTER UPDATE ON reconciliation_matches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_matches();--> statement-breakpoint
CREATE TRIGGER rc_queue_counts_matches_delete AFTER DELETE ON reconciliation_matches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_matches();--> statement-breakpoint

-- A statement that wrote thousands of rows (a full reconcile pass, a backfill) is counted with hash joins over the
-- tables; the planner, which has no statistics for a transition table, would probe an index per row. Returns the
-- settings to put back (set_config(..., true) lasts to the end of the transaction otherwise).
CREATE FUNCTION rc_queue_counts_bulk(changed bigint) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  previous text[] := array[current_setting('enable_nestloop'), current_setting('work_mem')];
BEGIN
  IF changed <= 2000 THEN RETURN NULL; END IF;
  PERFORM set_config('enable_nestloop', 'off', true), set_config('work_mem', '64MB', true);
  RETURN previous;
END
$$;--> statement-breakpoint

CREATE FUNCTION rc_queue_counts_restore(previous text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF previous IS NOT NULL THEN PERFORM set_config('enable_nestloop', previous[1], true), set_config('work_mem', previous[2], true); END IF;
END
$$;--> statement-breakpoint

-- Member rows: a transfer whose count of member rows in a counted state went from none to some leaves Unmatched (if
-- it is open), from some to none comes back. The count before is the count now minus this statement's change.
CREATE FUNCTION rc_queue_counts_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted constant text := $s$ state IN ('suggested', 'confirmed', 'accepted_unmatched') $s$;
  rows text := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN format('SELECT mode, sinpe_ref_number AS ref, 1 AS d FROM new_rows WHERE %s', counted) END,
    CASE WHEN TG_OP <> 'INSERT' THEN format('SELECT mode, sinpe_ref_number AS ref, -1 AS d FROM old_rows WHERE %s', counted) END);
  previous text[];
BEGIN
  IF current_setting('rc.queue_counts', true) = 'off' THEN RETURN NULL; END IF; -- a full pass recounts its mode itself
  IF TG_OP = 'DELETE' THEN previous := rc_queue_counts_bulk((SELECT count(*) FROM old_rows));
  ELSE previous := rc_queue_counts_bulk((SELECT count(*) FROM new_rows)); END IF;
  EXECUTE format($q$
    WITH c AS (SELECT mode, ref, sum(d)::int AS d FROM (%1$s) x GROUP BY 1, 2 HAVING sum(d) <> 0),
    open_c AS (
      -- Only an open transfer is in Unmatched: rule 1's links and settled transfers stop here.
      SELECT c.*, t.currency, t.paid_at, t.amount FROM c JOIN mobile_transfers t ON t.mode = c.mode AND t.sinpe_ref_number = c.ref
       WHERE t.status IN ('received', 'attempt_not_found', 'charge_not_found') AND t.payment_intent_id IS NULL
    ), now_counted AS (
      SELECT o.mode, o.ref, count(*)::int AS n FROM open_c o JOIN reconciliation_match_transfers mt ON mt.mode = o.mode AND mt.sinpe_ref_number = o.ref
       WHERE %2$s GROUP BY 1, 2
    ), flips AS (
      -- +1: counted before, not now (back to Unmatched); -1: not before, counted now.
      SELECT o.*, CASE WHEN coalesce(a.n, 0) = 0 THEN 1 ELSE -1 END AS s
        FROM open_c o LEFT JOIN now_counted a ON a.mode = o.mode AND a.ref = o.ref
       WHERE (coalesce(a.n, 0) > 0) <> (coalesce(a.n, 0) - o.d > 0)
    )
    INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    SELECT mode, 'unmatched', currency, floor(extract(epoch FROM paid_at) / 3600)::int, sum(s), sum(s * amount)
      FROM flips
     GROUP BY 1, 2, 3, 4 $q$, rows, replace(counted, 'state', 'mt.state'));
  PERFORM rc_queue_counts_restore(previous);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER rc_queue_counts_members_insert AFTER INSERT ON reconciliation_match_transfers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_members();--> statement-breakpoint
CREATE TRIGGER rc_queue_counts_members_update AFTER UPDATE ON reconciliation_match_transfers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_members();--> statement-breakpoint
CREATE TRIGGER rc_queue_counts_members_delete AFTER DELETE ON reconciliation_match_transfers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_members();--> statement-breakpoint

-- Transfers: +1 for a new version that is open and has no counted member row, -1 for such an old version. A sync's
-- upsert that changed none of status, link, amount, currency or time cancels out before any member row is read.
CREATE FUNCTION rc_queue_counts_transfers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  open constant text := $s$ status IN ('received', 'attempt_not_found', 'charge_not_found') AND payment_intent_id IS NULL $s$;
  rows text := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN format('SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, 1 AS d FROM new_rows WHERE %s', open) END,
    CASE WHEN TG_OP <> 'INSERT' THEN format('SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, -1 AS d FROM old_rows WHERE %s', open) END);
  previous text[];
BEGIN
  IF TG_OP = 'DELETE' THEN previous := rc_queue_counts_bulk((SELECT count(*) FROM old_rows));
  ELSE previous := rc_queue_counts_bulk((SELECT count(*) FROM new_rows)); END IF;
  EXECUTE format($q$
    INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    SELECT mode, 'unmatched', currency, floor(extract(epoch FROM paid_at) / 3600)::int, sum(d), sum(d * amount)
      FROM (SELECT mode, ref, currency, paid_at, amount, sum(d) AS d FROM (%s) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0) v
     WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                         AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
     GROUP BY 1, 2, 3, 4 $q$, rows);
  PERFORM rc_queue_counts_restore(previous);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER rc_queue_counts_transfers_insert AFTER INSERT ON mobile_transfers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_transfers();--> statement-breakpoint
CREATE TRIGGER rc_queue_counts_transfers_update AFTER UPDATE ON mobile_transfers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_transfers();--> statement-breakpoint
CREATE TRIGGER rc_queue_counts_transfers_delete AFTER DELETE ON mobile_transfers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_transfers();--> statement-breakpoint

CREATE FUNCTION rc_queue_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rc_queue_counts_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER rc_queue_counts_matches_truncate AFTER TRUNCATE ON reconciliation_matches FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_truncated();--> statement-breakpoint
CREATE TRIGGER rc_queue_counts_members_truncate AFTER TRUNCATE ON reconciliation_match_transfers FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_truncated();--> statement-breakpoint
CREATE TRIGGER rc_queue_counts_transfers_truncate AFTER TRUNCATE ON mobile_transfers FOR EACH STATEMENT EXECUTE FUNCTION rc_queue_counts_truncated();
