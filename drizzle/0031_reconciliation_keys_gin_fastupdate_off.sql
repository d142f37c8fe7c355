DROP INDEX "reconciliation_intent_keys_references_idx";--> statement-breakpoint
DROP INDEX "reconciliation_transfer_keys_tokens_idx";--> statement-breakpoint
CREATE INDEX "reconciliation_intent_keys_references_idx" ON "reconciliation_intent_keys" USING gin ("reference_values") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "reconciliation_transfer_keys_tokens_idx" ON "reconciliation_transfer_keys" USING gin ("tokens") WITH (fastupdate=false);