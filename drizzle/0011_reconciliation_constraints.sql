-- "An intent is paid by one transfer or by a confirmed set whose sum is its amount." The partial unique indexes make an
-- intent confirmed once (reconciliation_matches_intent_confirmed_key) and a transfer settled once
-- (reconciliation_match_transfers_settled_key). A set's sum spans rows of three tables, which no CHECK, unique index or
-- exclusion constraint can see (those compare one row, or pairs of rows of one table), so a constraint trigger checks
-- it. Deferred to commit, so a match and its transfers can be written in either order inside one transaction.
-- It fires when a set (transfer_count > 1) becomes confirmed and counts the set's members then; members are written
-- with their match (lib/reconciliation/decisions.ts), and rule 1's single-transfer rows pay no trigger at all.
-- Hand-written (drizzle-kit generate --custom): drizzle's schema has no triggers.
CREATE FUNCTION rc_check_confirmed_set() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m reconciliation_matches%ROWTYPE;
  members int;
  total numeric;
  currencies int;
  set_currency text;
  intent_amount bigint;
  intent_currency text;
BEGIN
  IF TG_TABLE_NAME = 'reconciliation_matches' THEN
    SELECT * INTO m FROM reconciliation_matches WHERE id = NEW.id;
  ELSE
    SELECT * INTO m FROM reconciliation_matches WHERE id = NEW.match_id;
  END IF;
  IF NOT FOUND OR m.state <> 'confirmed' THEN RETURN NULL; END IF;
  SELECT count(*), sum(t.amount), count(DISTINCT t.currency), min(t.currency) INTO members, total, currencies, set_currency
    FROM reconciliation_match_transfers mt
    JOIN mobile_transfers t ON t.mode = mt.mode AND t.sinpe_ref_number = mt.sinpe_ref_number
   WHERE mt.match_id = m.id;
  IF members <> m.transfer_count THEN
    RAISE EXCEPTION 'reconciliation match % has % transfers, expected %', m.id, members, m.transfer_count USING ERRCODE = '23514';
  END IF;
  IF members > 1 THEN
    SELECT pi.amount, pi.currency INTO intent_amount, intent_currency
      FROM payment_intents pi WHERE pi.mode = m.mode AND pi.id = m.payment_intent_id;
    IF intent_amount IS NULL OR total <> intent_amount OR currencies <> 1 OR set_currency <> intent_currency THEN
      RAISE EXCEPTION 'a confirmed set of transfers must sum to its intent''s amount (match %: % % against % %)',
        m.id, total, set_currency, intent_amount, intent_currency USING ERRCODE = '23514';
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE CONSTRAINT TRIGGER rc_confirmed_set_on_match AFTER INSERT OR UPDATE ON reconciliation_matches
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.state = 'confirmed' AND NEW.transfer_count > 1)
  EXECUTE FUNCTION rc_check_confirmed_set();
