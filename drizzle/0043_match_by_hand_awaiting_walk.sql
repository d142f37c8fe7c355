-- Match by hand for a text many customers hold (db/queries/reconciliation-queues.ts findIntentsToMatch): a common first
-- name found a sixth of the customers at 1M, whose 166,000 intents were each read, sorted and 20 kept (1.5 s). The
-- awaiting intents newest first (the page's order) are walked instead until a page is found. Only an intent awaiting
-- money enters this index, as payment_intents_awaiting_idx: the sync's backfill (mostly settled intents) barely pays.
CREATE INDEX "payment_intents_awaiting_created_idx" ON "payment_intents" USING btree ("mode","created_at" DESC NULLS LAST,"id") WHERE status in ('processing', 'requires_payment_method', 'requires_confirmation', 'requires_action');
