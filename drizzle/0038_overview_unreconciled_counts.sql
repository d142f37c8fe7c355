-- The Overview's unreconciled transfers (db/queries/overview.ts getUnreconciledTransfers) kept with the queues' counts:
-- a fifth key of reconciliation_queue_counts, 'unreconciled', per (mode, currency, epoch hour of paid_at): open transfers
-- (UNRECONCILED_TRANSFER_STATUSES, no service link) with no member row in a settled state (confirmed,
-- accepted_unmatched). Not a sum of the kept queues: Suggested counts suggestions, not transfers (a transfer with two
-- candidate payments is in two, a split set's transfers are one), and Unmatched leaves out every transfer with a
-- suggestion. Counting it from the rows was an anti-join over every open transfer (806 ms at 1,000,000).
-- The same triggers as 0024/0027 append it, beside 'unmatched': the transfers' (each statement's open rows, counted
-- where no settled member row exists) and the members' (a transfer whose count of settled member rows went from none to
-- some leaves it, from some to none comes back). A full pass recounts it with the others (db/queries/reconciliation.ts).
-- Hand-written (drizzle-kit generate --custom): drizzle's schema has no triggers.
CREATE OR REPLACE FUNCTION rc_queue_counts_rebuild() RETURNS void LANGUAGE sql AS $$
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
   GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT t.mode, 'unreconciled', t.currency, floor(extract(epoch FROM t.paid_at) / 3600)::int, count(*), sum(t.amount)
    FROM mobile_transfers t
   WHERE t.status IN ('received', 'attempt_not_found', 'charge_not_found') AND t.payment_intent_id IS NULL
     AND NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = t.mode AND mt.sinpe_ref_number = t.sinpe_ref_number
                       AND mt.state IN ('confirmed', 'accepted_unmatched'))
   GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint

SELECT rc_queue_counts_rebuild();--> statement-breakpoint

-- Member rows: 0024's statement once per kept figure, each with the member states that take a transfer out of it.
CREATE OR REPLACE FUNCTION rc_queue_counts_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  figure record;
  rows text;
  previous text[];
BEGIN
  IF current_setting('rc.queue_counts', true) = 'off' THEN RETURN NULL; END IF; -- a full pass recounts its mode itself
  IF TG_OP = 'DELETE' THEN previous := rc_queue_counts_bulk((SELECT count(*) FROM old_rows));
  ELSE previous := rc_queue_counts_bulk((SELECT count(*) FROM new_rows)); END IF;
  FOR figure IN SELECT * FROM (VALUES ('unmatched', $s$ state IN ('suggested', 'confirmed', 'accepted_unmatched') $s$),
                                      ('unreconciled', $s$ state IN ('confirmed', 'accepted_unmatched') $s$)) f(queue, counted) LOOP
    rows := concat_ws(' UNION ALL ',
      CASE WHEN TG_OP <> 'DELETE' THEN format('SELECT mode, sinpe_ref_number AS ref, 1 AS d FROM new_rows WHERE %s', figure.counted) END,
      CASE WHEN TG_OP <> 'INSERT' THEN format('SELECT mode, sinpe_ref_number AS ref, -1 AS d FROM old_rows WHERE %s', figure.counted) END);
    EXECUTE format($q$
      WITH c AS (SELECT mode, ref, sum(d)::int AS d FROM (%1$s) x GROUP BY 1, 2 HAVING sum(d) <> 0),
      open_c AS (
        -- Only an open transfer is counted: rule 1's links and settled transfers stop here.
        SELECT c.*, t.currency, t.paid_at, t.amount FROM c JOIN mobile_transfers t ON t.mode = c.mode AND t.sinpe_ref_number = c.ref
         WHERE t.status IN ('received', 'attempt_not_found', 'charge_not_found') AND t.payment_intent_id IS NULL
      ), now_counted AS (
        SELECT o.mode, o.ref, count(*)::int AS n FROM open_c o JOIN reconciliation_match_transfers mt ON mt.mode = o.mode AND mt.sinpe_ref_number = o.ref
         WHERE %2$s GROUP BY 1, 2
      ), flips AS (
        -- +1: counted before, not now (back in the figure); -1: not before, counted now.
        SELECT o.*, CASE WHEN coalesce(a.n, 0) = 0 THEN 1 ELSE -1 END AS s
          FROM open_c o LEFT JOIN now_counted a ON a.mode = o.mode AND a.ref = o.ref
         WHERE (coalesce(a.n, 0) > 0) <> (coalesce(a.n, 0) - o.d > 0)
      )
      INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
      SELECT mode, %3$L, currency, floor(extract(epoch FROM paid_at) / 3600)::int, sum(s), sum(s * amount)
        FROM flips
       GROUP BY 1, 2, 3, 4 $q$, rows, replace(figure.counted, 'state', 'mt.state'), figure.queue);
  END LOOP;
  PERFORM rc_queue_counts_restore(previous);
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Transfers: 0027's static statements, each appending both figures from the statement's open rows (v): 'unmatched'
-- where no member row is live, 'unreconciled' where none is settled.
CREATE OR REPLACE FUNCTION rc_queue_counts_transfers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  open constant text := $s$ status IN ('received', 'attempt_not_found', 'charge_not_found') AND payment_intent_id IS NULL $s$;
  rows text;
  previous text[];
BEGIN
  IF TG_OP = 'DELETE' THEN previous := rc_queue_counts_bulk((SELECT count(*) FROM old_rows));
  ELSE previous := rc_queue_counts_bulk((SELECT count(*) FROM new_rows)); END IF;
  IF previous IS NULL AND TG_OP = 'INSERT' THEN
    WITH v AS (
      SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, 1 AS d FROM new_rows
       WHERE status IN ('received', 'attempt_not_found', 'charge_not_found') AND payment_intent_id IS NULL
    )
    INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    SELECT v.mode, 'unmatched', v.currency, floor(extract(epoch FROM v.paid_at) / 3600)::int, sum(v.d), sum(v.d * v.amount) FROM v
     WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                         AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
     GROUP BY v.mode, v.currency, 4
    UNION ALL
    SELECT v.mode, 'unreconciled', v.currency, floor(extract(epoch FROM v.paid_at) / 3600)::int, sum(v.d), sum(v.d * v.amount) FROM v
     WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                         AND mt.state IN ('confirmed', 'accepted_unmatched'))
     GROUP BY v.mode, v.currency, 4;
  ELSIF previous IS NULL AND TG_OP = 'UPDATE' THEN
    -- +1 for a new version that is open, -1 for such an old one; a row whose open-ness, money and time did not change
    -- cancels out before any member row is read.
    WITH v AS (
      SELECT x.mode, x.ref, x.currency, x.paid_at, x.amount, sum(x.d) AS d
        FROM (SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, 1 AS d FROM new_rows
               WHERE status IN ('received', 'attempt_not_found', 'charge_not_found') AND payment_intent_id IS NULL
              UNION ALL
              SELECT mode, sinpe_ref_number, currency, paid_at, amount, -1 FROM old_rows
               WHERE status IN ('received', 'attempt_not_found', 'charge_not_found') AND payment_intent_id IS NULL) x
       GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.d) <> 0
    )
    INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    SELECT v.mode, 'unmatched', v.currency, floor(extract(epoch FROM v.paid_at) / 3600)::int, sum(v.d), sum(v.d * v.amount) FROM v
     WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                         AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
     GROUP BY v.mode, v.currency, 4
    UNION ALL
    SELECT v.mode, 'unreconciled', v.currency, floor(extract(epoch FROM v.paid_at) / 3600)::int, sum(v.d), sum(v.d * v.amount) FROM v
     WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                         AND mt.state IN ('confirmed', 'accepted_unmatched'))
     GROUP BY v.mode, v.currency, 4;
  ELSIF previous IS NULL THEN
    WITH v AS (
      SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, -1 AS d FROM old_rows
       WHERE status IN ('received', 'attempt_not_found', 'charge_not_found') AND payment_intent_id IS NULL
    )
    INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
    SELECT v.mode, 'unmatched', v.currency, floor(extract(epoch FROM v.paid_at) / 3600)::int, sum(v.d), sum(v.d * v.amount) FROM v
     WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                         AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
     GROUP BY v.mode, v.currency, 4
    UNION ALL
    SELECT v.mode, 'unreconciled', v.currency, floor(extract(epoch FROM v.paid_at) / 3600)::int, sum(v.d), sum(v.d * v.amount) FROM v
     WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                         AND mt.state IN ('confirmed', 'accepted_unmatched'))
     GROUP BY v.mode, v.currency, 4;
  ELSE
    rows := concat_ws(' UNION ALL ',
      CASE WHEN TG_OP <> 'DELETE' THEN format('SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, 1 AS d FROM new_rows WHERE %s', open) END,
      CASE WHEN TG_OP <> 'INSERT' THEN format('SELECT mode, sinpe_ref_number AS ref, currency, paid_at, amount, -1 AS d FROM old_rows WHERE %s', open) END);
    EXECUTE format($q$
      WITH v AS (SELECT mode, ref, currency, paid_at, amount, sum(d) AS d FROM (%s) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0)
      INSERT INTO reconciliation_queue_counts (mode, queue, currency, hour, n, amount)
      SELECT mode, 'unmatched', currency, floor(extract(epoch FROM paid_at) / 3600)::int, sum(d), sum(d * amount) FROM v
       WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                           AND mt.state IN ('suggested', 'confirmed', 'accepted_unmatched'))
       GROUP BY 1, 2, 3, 4
      UNION ALL
      SELECT mode, 'unreconciled', currency, floor(extract(epoch FROM paid_at) / 3600)::int, sum(d), sum(d * amount) FROM v
       WHERE NOT EXISTS (SELECT 1 FROM reconciliation_match_transfers mt WHERE mt.mode = v.mode AND mt.sinpe_ref_number = v.ref
                           AND mt.state IN ('confirmed', 'accepted_unmatched'))
       GROUP BY 1, 2, 3, 4 $q$, rows);
    PERFORM rc_queue_counts_restore(previous);
  END IF;
  RETURN NULL;
END
$$;
