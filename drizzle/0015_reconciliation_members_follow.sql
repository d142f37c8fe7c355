-- A match's transfers carry a copy of its state (for the partial unique index "a transfer is settled once"). These
-- statement-level triggers keep the copy equal to the match in the statement that changes it: one set-based UPDATE or
-- DELETE per statement, however many matches it touched, instead of a per-row foreign-key check on every insert.
-- Hand-written (drizzle-kit generate --custom): drizzle's schema has no triggers.
CREATE FUNCTION rc_members_follow_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reconciliation_match_transfers mt SET state = n.state
    FROM changed n WHERE mt.match_id = n.id AND mt.state IS DISTINCT FROM n.state;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER rc_members_follow_state AFTER UPDATE ON reconciliation_matches
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rc_members_follow_state();--> statement-breakpoint

CREATE FUNCTION rc_members_follow_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM reconciliation_match_transfers mt USING gone g WHERE mt.match_id = g.id;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER rc_members_follow_delete AFTER DELETE ON reconciliation_matches
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION rc_members_follow_delete();
