-- The deferred payments (db/queries/reconciliation-queues.ts listDeferredIntents): processing intents, oldest first,
-- a page at a time and counted up to a cap. Only an intent in processing enters this index, so the sync's backfill
-- (mostly settled intents) barely pays for it; without it the queue read and sorted every awaiting intent.
CREATE INDEX "payment_intents_processing_idx" ON "payment_intents" USING btree ("mode","created_at","id") WHERE status = 'processing';
