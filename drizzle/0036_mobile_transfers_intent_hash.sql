-- mobile_transfers_mode_intent_idx (B-tree on mode, payment_intent_id) becomes a hash index of the linked transfers: every
-- query asks for a given intent; the backfill paid a B-tree descent per synced transfer (db/schema.ts says what it measured).
DROP INDEX "mobile_transfers_mode_intent_idx";--> statement-breakpoint
CREATE INDEX "mobile_transfers_intent_idx" ON "mobile_transfers" USING hash ("payment_intent_id") WHERE "mobile_transfers"."payment_intent_id" is not null;