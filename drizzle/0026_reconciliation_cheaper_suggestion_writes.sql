ALTER TABLE "reconciliation_matches" DROP CONSTRAINT "reconciliation_matches_decided_by_operators_id_fk";
--> statement-breakpoint
ALTER TABLE "reconciliation_matches" DROP CONSTRAINT "reconciliation_matches_undone_by_operators_id_fk";
--> statement-breakpoint
DROP INDEX "reconciliation_matches_suggestion_key";--> statement-breakpoint
DROP INDEX "reconciliation_matches_intent_idx";--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD COLUMN "fingerprint" bigint;--> statement-breakpoint
CREATE INDEX "reconciliation_matches_intent_idx" ON "reconciliation_matches" USING btree ("mode","payment_intent_id","transfer_key");--> statement-breakpoint
-- decided_by / undone_by name an operator, as their foreign keys said; these triggers say it instead. A foreign key
-- queues a check for every inserted row, even one whose column is null, and a full reconcile pass inserts every
-- suggestion and service link with no operator (two checks per row: about an eighth of writing a suggestion). The WHEN
-- clause is evaluated before anything is queued, so those rows cost nothing here; a decision (a handful of rows) is
-- checked as the foreign key did, taking the same key-share lock on the operator.
-- Hand-written (drizzle-kit generate --custom): drizzle's schema has no triggers.
CREATE FUNCTION rc_match_operators_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted uuid[] := array(SELECT DISTINCT who FROM unnest(array[NEW.decided_by, NEW.undone_by]) who WHERE who IS NOT NULL);
  present int;
BEGIN
  SELECT count(*) INTO present FROM (SELECT 1 FROM operators WHERE id = ANY (wanted) FOR KEY SHARE) o;
  IF present < cardinality(wanted) THEN
    RAISE EXCEPTION 'reconciliation match %: decided_by % or undone_by % is not an operator', NEW.id, NEW.decided_by, NEW.undone_by
      USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER rc_match_operators_exist_insert AFTER INSERT ON reconciliation_matches
  FOR EACH ROW WHEN (NEW.decided_by IS NOT NULL OR NEW.undone_by IS NOT NULL) EXECUTE FUNCTION rc_match_operators_exist();--> statement-breakpoint
CREATE TRIGGER rc_match_operators_exist_update AFTER UPDATE OF decided_by, undone_by ON reconciliation_matches
  FOR EACH ROW WHEN (NEW.decided_by IS NOT NULL OR NEW.undone_by IS NOT NULL) EXECUTE FUNCTION rc_match_operators_exist();--> statement-breakpoint
-- The other side of the foreign keys: an operator who decided something is not deleted (nor renumbered).
CREATE FUNCTION rc_operator_in_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM reconciliation_matches WHERE decided_by = OLD.id OR undone_by = OLD.id) THEN
    RAISE EXCEPTION 'operator % decided reconciliation matches', OLD.id USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER rc_operator_in_matches_delete AFTER DELETE ON operators
  FOR EACH ROW EXECUTE FUNCTION rc_operator_in_matches();--> statement-breakpoint
CREATE TRIGGER rc_operator_in_matches_update AFTER UPDATE OF id ON operators
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION rc_operator_in_matches();
