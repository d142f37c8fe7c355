-- A failure stored from a webhook may now carry the amount its event gave (the `subscription.renewal.succeeded` event
-- of its own period has the renewal's `total`). The trigger that copies the synced renewal onto a new failure read it
-- with SELECT INTO, which sets every target to NULL when no renewal is synced yet: it wiped that amount. It now copies
-- only a renewal it found (the sync stays the source of truth: when the renewal is synced, its total wins).
CREATE OR REPLACE FUNCTION rf_take_renewal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r renewals%ROWTYPE;
BEGIN
  SELECT * INTO r FROM renewals
  WHERE renewals.mode = NEW.mode AND renewals.subscription_id = NEW.subscription_id AND renewals.period_start = NEW.invoice_period_start;
  IF FOUND THEN
    NEW.renewal_id := r.id;
    NEW.renewal_status := r.status;
    NEW.amount := r.total;
    NEW.renewal_synced_at := r.synced_at;
  END IF;
  RETURN NEW;
END $$;
