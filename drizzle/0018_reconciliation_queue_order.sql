-- The reconciliation queues page with `order by … desc` (nulls first); their indexes were NULLS LAST, so the planner
-- sorted every suggestion (or open transfer) for each page instead of reading the first 26 entries of the index.
DROP INDEX "mobile_transfers_open_paid_idx";--> statement-breakpoint
DROP INDEX "reconciliation_matches_queue_idx";--> statement-breakpoint
CREATE INDEX "mobile_transfers_open_paid_idx" ON "mobile_transfers" USING btree ("mode","paid_at" DESC NULLS FIRST,"sinpe_ref_number" DESC NULLS FIRST) WHERE status in ('received', 'attempt_not_found', 'charge_not_found') and payment_intent_id is null;--> statement-breakpoint
CREATE INDEX "reconciliation_matches_queue_idx" ON "reconciliation_matches" USING btree ("mode","state","transfer_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);