-- A failed renewal the sync sees before (or instead of) its webhook: history from before the back office, a delivery
-- that never came, `subscription.renewal.failed` switched off. Until now a failure row was born only from the event, so a
-- merchant with a year of renewals saw "nothing at risk" beside open and uncollectible renewals.
--
-- When the sync writes renewals (per statement, a page at once):
-- 1. failures already stored take the renewal's status, total and id as before, and a later attempt the sync saw
--    (its event missed) moves the failure on as the event would: its attempt count, next attempt and invoice status;
-- 2. a renewal charged at least once and still unpaid (`open`, its intent neither processing nor succeeded as far as the
--    local copy knows, or `uncollectible`) with no failure row gets one. It is dated by the renewal's creation (the first
--    attempt's day: the service gives no time of a failed attempt on the renewal); the decline's reason comes, as for
--    every row, from the synced intent. A void renewal (its subscription canceled) is not chased; a paid one that failed
--    before it was paid is history the renewal cannot date, and is not invented.
-- The event arriving later finds the row by (mode, subscription, period) and adds its facts (latest attempt wins).
CREATE OR REPLACE FUNCTION rf_copy_renewals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE renewal_failures rf
  SET renewal_id = n.id, renewal_status = n.status, amount = n.total, renewal_synced_at = n.synced_at,
    attempt_count = greatest(rf.attempt_count, n.attempt_count),
    next_payment_attempt = CASE WHEN n.attempt_count > rf.attempt_count THEN n.next_payment_attempt ELSE rf.next_payment_attempt END,
    invoice_status = CASE WHEN n.attempt_count > rf.attempt_count THEN n.status ELSE rf.invoice_status END,
    payment_intent_id = coalesce(rf.payment_intent_id, nullif(n.payment_intent_id, ''))
  FROM new_renewals n
  WHERE rf.mode = n.mode AND rf.subscription_id = n.subscription_id AND rf.invoice_period_start = n.period_start
    AND (rf.renewal_id IS DISTINCT FROM n.id OR rf.renewal_status IS DISTINCT FROM n.status OR rf.amount IS DISTINCT FROM n.total
      OR n.attempt_count > rf.attempt_count);

  INSERT INTO renewal_failures (mode, subscription_id, invoice_period_start, invoice_period_end, attempt_count, invoice_status,
    next_payment_attempt, payment_intent_id, customer_id, currency, first_failed_at)
  SELECT n.mode, n.subscription_id, n.period_start, n.period_end, n.attempt_count, n.status, n.next_payment_attempt,
    nullif(n.payment_intent_id, ''), n.customer_id, n.currency, n.created_at
  FROM new_renewals n
  LEFT JOIN payment_intents pi ON pi.mode = n.mode AND pi.id = n.payment_intent_id
  WHERE n.attempt_count >= 1
    AND (n.status = 'uncollectible' OR (n.status = 'open' AND coalesce(pi.status, '') NOT IN ('processing', 'succeeded')))
  ORDER BY n.mode, n.subscription_id, n.period_start
  ON CONFLICT (mode, subscription_id, invoice_period_start) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The renewals already copied go through the trigger once, by an update that changes nothing in them: their failures
-- are made by the same statement as every later sync's.
UPDATE renewals SET status = status;
