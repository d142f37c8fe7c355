-- The transfers' queue-count trigger (0024) with its statements written out, not built with format() and EXECUTEd:
-- PL/pgSQL plans an EXECUTE afresh on every call, and every sync write fires the trigger twice (an INSERT … ON CONFLICT
-- DO UPDATE fires both the INSERT and the UPDATE statement triggers), so parsing and planning that statement was most
-- of what the trigger cost a write (perf on the backend, transfers pages written one per statement: ~0.5 of 2.2 ms of
-- database CPU per page, nearly all of it in the planner and the parser). A static statement is planned once per
-- session and its plan kept. An insert cannot list a transfer twice, so its rows need no netting against old ones.
-- A statement of more than 2000 rows (a bench's or a test's bulk insert; the sync writes at most 2000) keeps 0024's
-- path, planned for its size with hash joins (rc_queue_counts_bulk): the kept plan is made by the first call of the
-- session, and must not be a plan for a million rows that every page then runs.
-- Same counts as before: lib/reconciliation/queue-counts.int.test.ts compares them with the rows.
CREATE OR REPLACE FUNCTION rc_queue_counts_transfers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  open constant text := $s$ status IN ('received', 'attempt_not_found', 'charge_not_found') AND payment_intent_id IS NULL $s$;
  rows text;
  previous text[];
BEGIN
  IF TG_OP = 'DELETE' THEN previous := rc_queue_counts_bulk((SELECT count(*) FROM old_rows));
  ELSE previous := rc_queue_counts_bulk((SELECT count(*) FROM new_rows)); END IF;
  IF previous IS NULL AND TG_OP = 'INSERT' THEN
    INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    SELECT v.mode, 'unmatched', v.currency, floor(extract(epoch FROM v.paid_at) / 3600)::int, count(*), sum(v.amount)
      FROM new_rows v
     WHERE v.status IN ('received', 'attempt_not_found', 'charge_not_found') AND v.payment_intent_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.sinpe_ref_number
                         AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
     GROUP BY v.mode, v.currency, 4;
  ELSIF previous IS NULL AND TG_OP = 'UPDATE' THEN
    -- +1 for a new version that is open, -1 for such an old one; a row whose open-ness, money and time did not change
    -- cancels out before any member row is read.
    INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    SELECT v.mode, 'unmatched', v.currency, floor(extract(epoch FROM v.paid_at) / 3600)::int, sum(v.d), sum(v.d * v.amount)
      FROM (SELECT x.mode, x.ref, x.currency, x.paid_at, x.amount, sum(x.d) AS d
              FROM (SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, 1 AS d FROM new_rows
                     WHERE status IN ('received', 'attempt_not_found', 'charge_not_found') AND payment_intent_id IS NULL
                    UNION ALL
                    SELECT mode, sinpe_ref_number, currency, paid_at, amount, -1 FROM old_rows
                     WHERE status IN ('received', 'attempt_not_found', 'charge_not_found') AND payment_intent_id IS NULL) x
             GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.d) <> 0) v
     WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                         AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
     GROUP BY v.mode, v.currency, 4;
  ELSIF previous IS NULL THEN
    INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    SELECT v.mode, 'unmatched', v.currency, floor(extract(epoch FROM v.paid_at) / 3600)::int, -count(*), -sum(v.amount)
      FROM old_rows v
     WHERE v.status IN ('received', 'attempt_not_found', 'charge_not_found') AND v.payment_intent_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.sinpe_ref_number
                         AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
     GROUP BY v.mode, v.currency, 4;
  ELSE
    rows := concat_ws(' UNION ALL ',
      CASE WHEN TG_OP <> 'DELETE' THEN format('SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, 1 AS d FROM new_rows WHERE %s', open) END,
      CASE WHEN TG_OP <> 'INSERT' THEN format('SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, -1 AS d FROM old_rows WHERE %s', open) END);
    EXECUTE format($q$
      INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
      SELECT mode, 'unmatched', currency, floor(extract(epoch FROM paid_at) / 3600)::int, sum(d), sum(d * amount)
        FROM (SELECT mode, ref, currency, paid_at, amount, sum(d) AS d FROM (%s) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0) v
       WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                           AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
       GROUP BY 1, 2, 3, 4 $q$, rows);
    PERFORM rc_queue_counts_restore(previous);
  END IF;
  RETURN NULL;
END
$$;
